import { useCallback, useState } from 'react';

/** The location request (01 §4): idle, loading, done, or an error message from the spec's catalogue (§8). */
export type LocationState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done' }
  | { status: 'error'; message: string };

const OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 };

function messageFor(err: GeolocationPositionError) {
  switch (err.code) {
    case err.PERMISSION_DENIED:
      return 'Location access denied by user.';
    case err.POSITION_UNAVAILABLE:
      return 'Location information is unavailable.';
    case err.TIMEOUT:
      return 'Location request timed out.';
    default:
      return 'An unknown error occurred.';
  }
}

export function useGeolocation(onPosition: (latitude: number, longitude: number) => void) {
  const [state, setState] = useState<LocationState>({ status: 'idle' });
  const locate = useCallback(() => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setState({ status: 'error', message: 'Geolocation is not supported by this browser.' });
      return;
    }
    setState({ status: 'loading' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        onPosition(pos.coords.latitude, pos.coords.longitude);
        setState({ status: 'done' });
      },
      (err) => setState({ status: 'error', message: messageFor(err) }),
      OPTIONS,
    );
  }, [onPosition]);
  return { state, locate };
}
