import type { ReactNode } from 'react';

/** A camera page's screen without the camera: its content centred, the screen's full height. */
export function FullScreen({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh flex-col justify-center">{children}</div>;
}
