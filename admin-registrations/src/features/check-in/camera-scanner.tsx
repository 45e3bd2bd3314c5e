import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@tdk/shared-ui';

/** A frame every 150 ms: quick enough to feel instant, light enough for a cheap phone's battery. */
const FRAME_INTERVAL_MS = 150;
/** The same ticket held in front of the camera is one scan, not one per frame. */
const SAME_CODE_PAUSE_MS = 3_000;

type CameraState = 'off' | 'starting' | 'on' | { error: string };

function cameraError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError') return 'Camera permission was refused. Allow the camera for this site, or type the code.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found on this device. Type the code instead.';
  return 'The camera could not be started. Type the code instead.';
}

/** The device camera, reading ticket QR codes until it is stopped. */
export function CameraScanner({ onCode, disabled }: { onCode: (code: string) => void; disabled?: boolean }) {
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
        if (!stopped) setState({ error: cameraError(error) });
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
        <video ref={video} muted playsInline aria-label="Camera view" />
      </Viewport>
      {typeof state === 'object' && <CameraMessage role="alert">{state.error}</CameraMessage>}
      <Button
        type="button"
        variant={running ? 'outline' : 'primary'}
        disabled={disabled && !running}
        onClick={() => setState(running ? 'off' : 'starting')}
      >
        {running ? 'Stop camera' : 'Scan with camera'}
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
