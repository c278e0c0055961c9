import { useState } from 'react';

/**
 * True from the first time `open` is: a dialog whose code loads when first opened mounts then and stays
 * mounted, so it animates closed and opens at once the next time.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
