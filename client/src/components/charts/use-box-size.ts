import { useLayoutEffect, useRef, useState } from 'react';

export interface BoxSize {
  width: number;
  height: number;
}

/**
 * The pixel size of the element `ref` points at, measured before the first paint and again whenever it
 * changes (a phone turned, a window widened). Text in the chart stays 12 px at any width, which scaling a
 * viewBox would not give. `fallback` answers until there is a box to measure (jsdom has no layout).
 */
export function useBoxSize<T extends HTMLElement>(fallback: BoxSize) {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<BoxSize>(fallback);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const { width, height } = element.getBoundingClientRect();
      if (width <= 0 || height <= 0) return;
      setSize((previous) =>
        previous.width === width && previous.height === height ? previous : { width, height },
      );
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return { ref, size };
}
