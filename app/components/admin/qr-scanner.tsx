/**
 * The camera scanner of the scan page, loaded only when a volunteer turns the camera on: it shows the back
 * camera's picture and reads the route card's QR code with the BarcodeDetector ponyfill (ZXing compiled to
 * WebAssembly). The .wasm file is served from our own origin (the CSP allows no CDN) and fetched on the first
 * detection. The camera stops as soon as a code is read, and when the scanner is closed or the page is left.
 */
import { Alert, AspectRatio, Box, Loader, Stack, Text } from '@mantine/core';
import { IconCameraOff } from '@tabler/icons-react';
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CameraProblem, cameraProblem } from './camera.ts';
import classes from './qr-scanner.module.css';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

type CameraState = 'starting' | 'scanning' | CameraProblem;

/** One turn of the camera: its stream, the frame requested next, and whether it has been stopped. */
interface CameraSession {
  stream: MediaStream | null;
  frame: number;
  stopped: boolean;
}

/** Reads the video's frames, one detection at a time, until a code with text is found. */
function readFrames(
  video: HTMLVideoElement,
  detector: BarcodeDetector,
  session: CameraSession,
  stop: () => void,
  onText: (text: string) => void,
) {
  let detecting = false;
  const tick = () => {
    if (session.stopped) return;
    if (!detecting && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
      detecting = true;
      detector
        .detect(video)
        .then((codes) => {
          const text = codes.find((code) => code.rawValue.trim() !== '')?.rawValue;
          if (text && !session.stopped) {
            stop();
            onText(text.trim());
          }
        })
        .catch(() => {
          // A frame that cannot be read (camera still warming up) is skipped; the next one is tried.
        })
        .finally(() => {
          detecting = false;
        });
    }
    session.frame = requestAnimationFrame(tick);
  };
  session.frame = requestAnimationFrame(tick);
}

async function startCamera(
  video: HTMLVideoElement | null,
  session: CameraSession,
  stop: () => void,
  setState: (state: CameraState) => void,
  onText: (text: string) => void,
) {
  if (!navigator.mediaDevices?.getUserMedia) {
    setState('unavailable');
    return;
  }
  try {
    session.stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
  } catch (error) {
    if (!session.stopped) setState(cameraProblem(error));
    return;
  }
  if (session.stopped || !video) {
    stop();
    return;
  }
  video.srcObject = session.stream;
  try {
    await video.play();
  } catch {
    // Autoplay of a muted inline video is allowed; a refusal here only means the element was removed.
    return;
  }
  const detector = new BarcodeDetector({ formats: ['qr_code'] });
  setState('scanning');
  readFrames(video, detector, session, stop, onText);
}

export default function QrScanner({ onScan }: { onScan: (text: string) => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  useEffect(() => {
    const session: CameraSession = { stream: null, frame: 0, stopped: false };
    const video = videoRef.current;
    const stop = () => {
      session.stopped = true;
      cancelAnimationFrame(session.frame);
      session.stream?.getTracks().forEach((track) => track.stop());
      session.stream = null;
      if (video) video.srcObject = null;
    };
    void startCamera(video, session, stop, setState, (text) => onScanRef.current(text));
    return stop;
  }, []);

  if (state === 'denied' || state === 'unavailable' || state === 'failed') {
    return (
      <Alert color="orange" variant="light" icon={<IconCameraOff aria-hidden />} role="alert">
        {t(`admin:scan.camera.${state}`)}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <AspectRatio ratio={4 / 3} maw={480} className={classes.frame}>
        <video
          ref={videoRef}
          className={classes.video}
          muted
          playsInline
          aria-label={t('admin:scan.camera.preview')}
          data-testid="scanner-video"
        />
        <Box className={classes.target} aria-hidden />
      </AspectRatio>
      <Text size="sm" c="dimmed" role="status">
        {state === 'starting' ? (
          <>
            <Loader size="xs" mr={6} aria-hidden />
            {t('admin:scan.camera.starting')}
          </>
        ) : (
          t('admin:scan.camera.scanning')
        )}
      </Text>
    </Stack>
  );
}
