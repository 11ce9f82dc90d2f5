/**
 * The account page: personal information, orders, homologations (with how the public tables show them) and
 * password, one tab each. The tab is in the URL (`?tab=password`, which the user menu's Settings links to), so it
 * can be linked to and survives a reload.
 * The loader reads what every tab shows (decision 0003: pages read through their loader); the tabs change things
 * through the API and then have the loader read again.
 */
import '../../styles/mantine-all.ts';
import { Anchor, Stack, Tabs, Text } from '@mantine/core';
import { IconLock, IconMedal, IconReceipt, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  type ShouldRevalidateFunctionArgs,
  data,
  redirectDocument,
  useSearchParams,
} from 'react-router';
import { requestContext } from '#request-context';
import { type Locale, localeOr } from '../../../domain/locales.ts';
import type { SessionUser } from '../../../contracts/account.ts';
import type { ActionServices } from '../../../contracts/action-services.ts';
import {
  changePasswordSchema,
  deleteAccountSchema,
  profileUpdateSchema,
} from '../../../domain/schemas/user.ts';
import { publicNameSchema } from '../../../domain/schemas/display-restriction.ts';
import { cancellationRequestForm } from '../../../domain/schemas/refunds.ts';
import { DataCopy } from '../../components/account/data-copy.tsx';
import { DeleteAccount } from '../../components/account/delete-account.tsx';
import { EmailVerificationNotice } from '../../components/account/email-verification-notice.tsx';
import { HomologationsTab } from '../../components/account/homologations-tab.tsx';
import { OrdersTab } from '../../components/account/orders-tab.tsx';
import { ClubPostalAddressContext } from '../../components/club-postal-address.tsx';
import { PublicDisplaySwitch } from '../../components/account/public-display-switch.tsx';
import { PublicNameChoice } from '../../components/account/public-name-choice.tsx';
import { PasswordTab } from '../../components/account/password-tab.tsx';
import { SecondFactorCard } from '../../components/account/second-factor-card.tsx';
import { ProfileTab } from '../../components/account/profile-tab.tsx';
import { userFormValues } from '../../components/forms/user-fields.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { SourceConnection } from '../../components/activity-sources/source-connection.tsx';
import { SourceOutcome } from '../../components/activity-sources/source-outcome.tsx';
import { configuredProviders } from '../../lib/activity-sources.server.ts';
import { isActivityProvider } from '../../../domain/activity-providers.ts';
import forms from '../../components/forms/forms.module.css';
import type { Route } from './+types/account';
import { requireUser } from '../../lib/require-user.ts';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';

const TABS = ['profile', 'orders', 'homologations', 'password'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireUser(args);
  const [profile, orders, cancellationRequests, homologations, publicDisplay, sources, postalAddress] =
    await Promise.all([
      services.accounts.profile(user.id),
      services.orders.list(user.id),
      services.cancellationRequests.ofBuyer(user.id),
      // As GET /api/me/homologations, null until the address is confirmed (the tab says so then).
      services.homologations.forUserOnceVerified(user, localeOr(args.params.lang)),
      services.displayRestrictions.stateOf(user.email),
      // One card per activity service the club configured; none when it configured none.
      Promise.all(
        configuredProviders(services).map(async (provider) => ({
          provider,
          ...(await services.activitySources[provider].status(user.id)),
        })),
      ),
      // Where the route card goes back: shown in each registration's "return the card" step.
      services.clubAddress.postalAddress(),
    ]);
  return {
    secondFactor: user.hasSecondFactor,
    profile: userFormValues(profile),
    verification: {
      email: profile.email,
      verified: profile.email_verified,
      pendingEmail: profile.pending_email,
    },
    orders,
    cancellationRequests,
    homologations,
    publicDisplay,
    sources,
    postalAddress,
  };
}

const PASSWORDS = ['current_password', 'password', 'password_confirmation'];

/** What an intent's handler gets: the signed-in user, the posted fields, the writes and the page's language. */
interface IntentPost {
  user: SessionUser;
  values: Record<string, string>;
  actions: ActionServices;
  locale: Locale;
}

/** The current password is asked only for a new address; an empty one is none. */
async function saveProfile({ user, values, actions, locale }: IntentPost) {
  const { current_password: currentPassword, ...fields } = values;
  const parsed = parseForm(profileUpdateSchema, currentPassword ? values : fields, PASSWORDS);
  if ('refusal' in parsed) return parsed.refusal;
  try {
    await actions.updateProfile(user, parsed.input, locale);
  } catch (error) {
    return serviceRefusal(error, values, {
      secrets: PASSWORDS,
      codeFields: { email_taken: 'email', wrong_current_password: 'current_password' },
    });
  }
  return { intent: 'profile', saved: true };
}

async function changePassword({ user, values, actions }: IntentPost) {
  const parsed = parseForm(changePasswordSchema, values, PASSWORDS);
  if ('refusal' in parsed) return parsed.refusal;
  try {
    await actions.changePassword(user, parsed.input);
  } catch (error) {
    return serviceRefusal(error, values, {
      secrets: PASSWORDS,
      codeFields: { wrong_current_password: 'current_password' },
    });
  }
  return { intent: 'password', changed: true };
}

async function deleteAccount({ user, values, actions, locale }: IntentPost) {
  const parsed = parseForm(deleteAccountSchema, values, PASSWORDS);
  if ('refusal' in parsed) return parsed.refusal;
  try {
    await actions.deleteAccount(user, parsed.input.current_password);
  } catch (error) {
    return serviceRefusal(error, values, {
      secrets: PASSWORDS,
      codeFields: { wrong_current_password: 'current_password' },
      codeMessages: { last_admin: 'account:delete.lastAdmin' },
    });
  }
  // A document load: every loader asks the server anew, now without a session.
  throw redirectDocument(`/${locale}`);
}

/** The service refuses an address not yet proven (as the API). */
async function setPublicDisplay({ user, values, actions }: IntentPost) {
  try {
    await actions.setPublicDisplay(user, values.hidden === 'true');
  } catch (error) {
    return serviceRefusal(error, values);
  }
  return { intent: 'public-display', saved: true };
}

async function setPublicName({ user, values, actions }: IntentPost) {
  const parsed = parseForm(publicNameSchema, values);
  if ('refusal' in parsed) return parsed.refusal;
  try {
    await actions.setPublicName(user, parsed.input.display);
  } catch (error) {
    return serviceRefusal(error, values);
  }
  return { intent: 'public-name', saved: true };
}

async function resendConsent({ user, values, actions }: IntentPost) {
  const candidateId = Number(values.candidate);
  try {
    if (!Number.isSafeInteger(candidateId) || candidateId < 1) throw { statusCode: 404, code: 'not_found' };
    await actions.resendGuardianConsent(user, candidateId);
  } catch (error) {
    // The refusal keeps the posted values: the candidate's id says whose form it answers.
    return serviceRefusal(error, values);
  }
  return { intent: 'resend-consent', candidate: values.candidate, resent: true };
}

async function cancelOrder({ user, values, actions }: IntentPost) {
  const orderId = Number(values.order);
  try {
    if (!Number.isSafeInteger(orderId) || orderId < 1) throw { statusCode: 404, code: 'not_found' };
    await actions.cancelOrder(user.id, orderId);
  } catch (error) {
    return serviceRefusal(error, values);
  }
  return { intent: 'cancel-order', cancelled: true };
}

async function cancelRegistration({ user, values, actions }: IntentPost) {
  const parsed = parseForm(cancellationRequestForm, values);
  if ('refusal' in parsed) return parsed.refusal;
  const { order, candidate, reason } = parsed.input;
  try {
    await actions.requestCancellation(user.id, order, { candidate_ids: [candidate], reason });
  } catch (error) {
    return serviceRefusal(error, values);
  }
  return { intent: 'cancel-registration', candidate: values.candidate, asked: true };
}

async function disconnectSource({ user, values, actions }: IntentPost) {
  const { provider } = values;
  if (!isActivityProvider(provider)) throw data(null, { status: 400 });
  try {
    await actions.disconnectActivitySource(provider, user.id);
  } catch (error) {
    return serviceRefusal(error, values);
  }
  return { intent: 'source-disconnect', provider, disconnected: true };
}

/**
 * The forms of the page post here with their `intent` (decision 0032): the profile, the password, the account's
 * deletion, the public display of the results or of the name, a guardian's link sent again, giving up an unpaid
 * order, asking to cancel a paid registration, or disconnecting an activity service.
 */
const INTENTS = {
  profile: saveProfile,
  password: changePassword,
  delete: deleteAccount,
  'public-display': setPublicDisplay,
  'public-name': setPublicName,
  'resend-consent': resendConsent,
  'cancel-order': cancelOrder,
  'cancel-registration': cancelRegistration,
  'source-disconnect': disconnectSource,
} satisfies Record<string, (post: IntentPost) => Promise<unknown>>;

const isIntent = (value: string | undefined): value is keyof typeof INTENTS =>
  value !== undefined && Object.hasOwn(INTENTS, value);

export async function action(args: Route.ActionArgs) {
  const { user } = requireUser(args);
  const { actions } = args.context.get(requestContext);
  const values = await readForm(args.request);
  if (!isIntent(values.intent)) throw data(null, { status: 400 });
  return INTENTS[values.intent]({ user, values, actions, locale: localeOr(args.params.lang) });
}

/**
 * Switching tabs changes only the query string: no need to read everything again. An explicit revalidation
 * (same URL, after saving the profile or the public-display switch) does: a new address asked for shows as waiting.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search)
    return false;
  return defaultShouldRevalidate;
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'profile';

  const selectTab = (value: string | null) => {
    if (!isTab(value)) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const icon = { size: 16, 'aria-hidden': true } as const;
  return (
    <>
      <PageIntro prefix="account:" noindex />
      <EmailVerificationNotice state={loaderData.verification} />
      <SourceOutcome />
      <Tabs value={tab} onChange={selectTab} keepMounted className={forms.readable}>
        <Tabs.List mb="lg" aria-label={t('account:tabs.label')}>
          <Tabs.Tab value="profile" leftSection={<IconUser {...icon} />}>
            {t('account:tabs.profile')}
          </Tabs.Tab>
          <Tabs.Tab value="orders" leftSection={<IconReceipt {...icon} />}>
            {t('account:tabs.orders')}
          </Tabs.Tab>
          <Tabs.Tab value="homologations" leftSection={<IconMedal {...icon} />}>
            {t('account:tabs.homologations')}
          </Tabs.Tab>
          <Tabs.Tab value="password" leftSection={<IconLock {...icon} />}>
            {t('account:tabs.password')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab profile={loaderData.profile} />
          {loaderData.sources.map((status) => (
            <SourceConnection key={status.provider} status={status} returnTo={`/${i18n.language}/account`} />
          ))}
          <DataCopy />
          <DeleteAccount />
        </Tabs.Panel>
        <Tabs.Panel value="orders">
          <ClubPostalAddressContext value={loaderData.postalAddress}>
            <OrdersTab orders={loaderData.orders} cancellationRequests={loaderData.cancellationRequests} />
          </ClubPostalAddressContext>
          <Text mt="lg">
            <Anchor component={Link} to={`/${i18n.language}/track-check`} data-testid="account-track-check">
              {t('account:trackCheckLink')}
            </Anchor>
          </Text>
        </Tabs.Panel>
        <Tabs.Panel value="homologations">
          {/* The rides, then how the public tables show them: hidden, or under which form of the name. */}
          <Stack gap="xl">
            <HomologationsTab homologations={loaderData.homologations} />
            <PublicDisplaySwitch state={loaderData.publicDisplay} />
            <PublicNameChoice current={loaderData.publicDisplay.name} person={loaderData.profile} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordTab />
          <SecondFactorCard enabled={loaderData.secondFactor} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
