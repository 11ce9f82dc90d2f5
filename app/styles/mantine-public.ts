/**
 * The Mantine styles of the site's shell and public pages, and nothing else: these pages are the ones visitors
 * open first on a phone, and every byte of CSS blocks their first paint. The full set (about 40 KB gzip) comes
 * with the pages behind a sign-in (mantine-all.ts).
 *
 * The list follows the Mantine components the shell, the error page and the pages of app/routes/public import,
 * with the components they render inside (Select: Combobox, Popover, Input, ScrollArea; the dialogs' Modal:
 * ModalBase, Overlay; Button and ActionIcon: UnstyledButton, Loader). Everything is in Mantine's `@layer mantine`, so the
 * site's own styles win over it whatever the order of the stylesheets. Within the layer, the files keep the
 * order of Mantine's own styles.css: building blocks first (a Button's styles must follow UnstyledButton's reset).
 * A component added to a public page needs its file here: tests/e2e/visual.spec.ts compares every public page
 * and fails when styles are missing.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';

import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Timeline.layer.css';
import '@mantine/core/styles/Title.layer.css';
