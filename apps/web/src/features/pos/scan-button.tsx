import { ScanLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
// The reader's WebAssembly, served from our own origin (the CSP allows no CDN); only fetched once Scan is pressed.
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

/** What the counter's products carry: EAN-13 (and UPC-A) from makers, Code 128 for the shop's own codes. */
const FORMATS = ['ean_13', 'upc_a', 'code_128'];
/** Between two looks at the video: fast enough to feel instant, light on a phone's battery. */
const SCAN_EVERY_MS = 150;

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
}

/**
 * The browser's own BarcodeDetector when it reads all three formats (Chrome on Android); otherwise the
 * barcode-detector ponyfill (ZXing in WebAssembly), loaded here on first use as its own chunk.
 */
async function makeDetector(): Promise<Detector> {
  const native = (window as Window & { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch((): readonly string[] => []);
    if (FORMATS.every((f) => supported.includes(f))) return new native({ formats: FORMATS });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ['ean_13', 'upc_a', 'code_128'] });
}

/** The camera's refusal in the cashier's words. */
function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera is blocked. Allow this site to use the camera in the browser settings, then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found on this device.';
  if (name === 'NotReadableError' || name === 'AbortError')
    return 'The camera is busy in another app. Close it and try again.';
  return 'The camera could not be started. Try again, or type the code instead.';
}

const hasCamera = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/** The rear camera's picture, read until a code shows; `onCode` is called once. */
function CameraView({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    (async () => {
      let detector: Detector;
      try {
        const [media, made] = await Promise.all([
          navigator.mediaDevices.getUserMedia({
            // The rear camera at 720p where it has it: at the default 640 x 480 a Code 128's narrow bars are
            // about two pixels wide at arm's length, too few to read reliably.
            video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
            audio: false,
          }),
          makeDetector().catch(() => null),
        ]);
        stream = media;
        if (stopped) return stop();
        if (!made) {
          setProblem('The barcode reader could not be loaded. Check the connection and try again.');
          return stop();
        }
        detector = made;
        const el = video.current;
        if (!el) return stop();
        el.srcObject = media;
        await el.play();
        setReady(true);
      } catch (err) {
        if (!stopped) setProblem(cameraProblem(err));
        return stop();
      }
      const look = async () => {
        const el = video.current;
        if (stopped || !el) return;
        if (el.readyState >= el.HAVE_CURRENT_DATA) {
          const found = await detector.detect(el).catch(() => []);
          const code = found.find((f) => f.rawValue)?.rawValue;
          if (code && !stopped) {
            stop();
            onCodeRef.current(code);
            return;
          }
        }
        if (!stopped) timer = setTimeout(look, SCAN_EVERY_MS);
      };
      void look();
    })();
    return stop;
  }, []);

  if (problem) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200">
        {problem}
      </p>
    );
  }
  return (
    <div className="relative overflow-hidden rounded-xl bg-slate-900">
      {/* muted and playsInline: iPhones play a camera stream inline only so. */}
      <video ref={video} muted playsInline className="aspect-[4/3] w-full object-cover" />
      {ready ? (
        <div aria-hidden className="pointer-events-none absolute inset-x-8 top-1/2 h-0.5 bg-red-500/80" />
      ) : (
        <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white">
          <Spinner />
          Starting the camera…
        </div>
      )}
    </div>
  );
}

/**
 * Scan with the device's camera (phones and tablets at the counter): a Scan button, shown only where the browser
 * can open a camera, opening a dialog with the rear camera. It reads EAN-13, UPC-A and Code 128, calls `onCode`
 * once with the first code, stops the camera and closes.
 */
export function ScanButton(props: { onCode: (code: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const done = useRef(false);
  if (!hasCamera()) return null;
  return (
    <>
      <button
        type="button"
        disabled={props.disabled}
        onClick={() => {
          done.current = false;
          setOpen(true);
        }}
        className={buttonStyles.secondary}
      >
        <ScanLine aria-hidden className="size-4" />
        Scan
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Scan a barcode"
        description="Hold the barcode steady inside the frame, about a hand’s width from the camera."
      >
        <CameraView
          onCode={(code) => {
            if (done.current) return;
            done.current = true;
            setOpen(false);
            props.onCode(code);
          }}
        />
      </Dialog>
    </>
  );
}
