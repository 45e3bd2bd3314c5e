import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, type Translate } from '@tdk/shared-ui';
import { useGateT } from './gate-words';

/** A frame every 150 ms: quick enough to feel instant, light enough for a cheap phone's battery. */
const FRAME_INTERVAL_MS = 150;
/** The same ticket held in front of the camera is one scan, not one per frame. */
const SAME_CODE_PAUSE_MS = 3_000;

type CameraState = 'off' | 'starting' | 'on' | { error: string };

function cameraError(error: unknown, t: Translate): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError') return t('camera.refused');
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return t('camera.none');
  return t('camera.failed');
}

/** The device camera, reading ticket QR codes until it is stopped. */
export function CameraScanner({ onCode, disabled }: { onCode: (code: string) => void; disabled?: boolean }) {
  const t = useGateT();
  const tRef = useRef(t);
  tRef.current = t;
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('off');
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (state !== 'starting') return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: '', at: 0 };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
        const [{ createDecoder }, element] = [await import('./qr-decoder'), video.current];
        if (stopped || !element) return;
        element.srcObject = stream;
        await element.play();
        const decode = await createDecoder();
        setState('on');
        const tick = async () => {
          if (stopped) return;
          const code = await decode(element).catch(() => null);
          const now = Date.now();
          if (code && (code !== last.code || now - last.at > SAME_CODE_PAUSE_MS)) {
            last = { code, at: now };
            onCodeRef.current(code);
          }
          timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
        };
        void tick();
      } catch (error) {
        if (!stopped) setState({ error: cameraError(error, tRef.current) });
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [state]);

  const running = state === 'on' || state === 'starting';
  return (
    <Wrapper>
      <Viewport $visible={running}>
        <video ref={video} muted playsInline aria-label={t('camera.view')} />
      </Viewport>
      {typeof state === 'object' && <CameraMessage role="alert">{state.error}</CameraMessage>}
      <Button
        type="button"
        variant={running ? 'outline' : 'primary'}
        disabled={disabled && !running}
        onClick={() => setState(running ? 'off' : 'starting')}
      >
        {running ? t('camera.stop') : t('camera.start')}
      </Button>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Viewport = styled.div<{ $visible: boolean }>`
  display: ${({ $visible }) => ($visible ? 'block' : 'none')};
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  background: #000;
  aspect-ratio: 4 / 3;
  max-height: 50vh;

  video {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const CameraMessage = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;
