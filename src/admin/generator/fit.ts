// A table that fits its box instead of scrolling sideways (at 1024 px the menu leaves a list about
// 740 px): measured after every render and on every resize, it steps down one level at a time while
// it overflows — first compact row actions (icons) and narrower cells, then one column after another
// moved into the expanded row — and steps back up once its box is wider than it was when that level
// was needed. Where nothing is measured (no layout, as in jsdom) nothing changes.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export function useFitLevel(box: RefObject<HTMLElement | null>, selector: string, maxLevel: number): number {
  const [level, setLevel] = useState(0);
  // The box's width when each level was taken: wider than that, the level above may fit again.
  const widthAt = useRef<number[]>([]);
  useLayoutEffect(() => {
    const root = box.current;
    if (!root) return;
    // The table comes and changes with the data, inside the box: its size is watched as it appears.
    const observer = new ResizeObserver(() => check());
    const watched = new Set<Element>();
    const check = () => {
      const scroller = root.querySelector<HTMLElement>(selector);
      if (!scroller) return;
      for (const element of [scroller, scroller.firstElementChild]) {
        if (element && !watched.has(element)) {
          watched.add(element);
          observer.observe(element);
        }
      }
      const width = scroller.clientWidth;
      if (!width) return;
      if (scroller.scrollWidth > width + 1 && level < maxLevel) {
        widthAt.current[level] = width;
        setLevel(level + 1);
      } else if (level > 0 && width > widthAt.current[level - 1]) {
        setLevel(level - 1);
      }
    };
    observer.observe(root);
    check();
    return () => observer.disconnect();
  });
  return Math.min(level, maxLevel);
}
