import { useCallback, useEffect, useRef, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import {
  SCROLLBAR_AUTO_HIDE_DELAY_MS,
  SCROLLBAR_AUTO_HIDE_DURATION_MS,
  SCROLLBAR_MIN_THUMB_SIZE,
} from '@rtms/shared/constants';

/** Space kept free above and below the thumb inside its track. */
const TRACK_INSET = 2;

/**
 * A vertically scrolling region with the product's own scrollbar: a thin overlay thumb at least 30 px long
 * that appears while the region scrolls or is pointed at, hides 1000 ms after that stops and fades in
 * 200 ms. Scrolling itself stays native (wheel, touch, keyboard, focus), only the bar is drawn here, with
 * CSS classes and element styles that the Content Security Policy allows (no style elements).
 */
export function ScrollArea({ children, className }: { children: ReactNode; className?: string }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const thumbRef = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const drag = useRef<{ pointerId: number; startY: number; startScroll: number } | null>(null);

  /** Thumb length and the scroll distance one pixel of thumb travel stands for. */
  const geometry = useCallback(() => {
    const viewport = viewportRef.current;
    const track = trackRef.current;
    if (!viewport || !track) return undefined;
    const { scrollHeight, clientHeight, scrollTop } = viewport;
    const trackLength = track.clientHeight;
    const scrollable = scrollHeight - clientHeight;
    if (scrollable <= 1 || trackLength <= 0) return undefined;
    const thumb = Math.min(
      trackLength,
      Math.max(SCROLLBAR_MIN_THUMB_SIZE, (clientHeight / scrollHeight) * trackLength),
    );
    const travel = trackLength - thumb;
    return { thumb, travel, scrollable, offset: travel > 0 ? (scrollTop / scrollable) * travel : 0 };
  }, []);

  const paint = useCallback(() => {
    const root = rootRef.current;
    const thumb = thumbRef.current;
    if (!root || !thumb) return;
    const measured = geometry();
    root.classList.toggle('scroll-area--scrollable', measured !== undefined);
    if (!measured) return;
    thumb.style.height = `${measured.thumb}px`;
    thumb.style.transform = `translateY(${measured.offset}px)`;
  }, [geometry]);

  const reveal = useCallback(() => {
    const root = rootRef.current;
    if (!root) return;
    root.classList.add('scroll-area--visible');
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => {
      if (!drag.current) root.classList.remove('scroll-area--visible');
    }, SCROLLBAR_AUTO_HIDE_DELAY_MS);
  }, []);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    paint();
    const observer = new ResizeObserver(paint);
    observer.observe(viewport);
    if (viewport.firstElementChild) observer.observe(viewport.firstElementChild);
    // Menus open and close without resizing the viewport: watch the content's subtree too.
    const mutations = new MutationObserver(paint);
    mutations.observe(viewport, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    return () => {
      observer.disconnect();
      mutations.disconnect();
      window.clearTimeout(hideTimer.current);
    };
  }, [paint]);

  const onScroll = () => {
    paint();
    reveal();
  };

  const onThumbPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const viewport = viewportRef.current;
    if (!viewport || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startY: event.clientY, startScroll: viewport.scrollTop };
    rootRef.current?.classList.add('scroll-area--dragging');
    reveal();
  };

  const onThumbPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const viewport = viewportRef.current;
    const measured = geometry();
    if (!drag.current || drag.current.pointerId !== event.pointerId || !viewport || !measured) return;
    const ratio = measured.travel > 0 ? measured.scrollable / measured.travel : 0;
    viewport.scrollTop = drag.current.startScroll + (event.clientY - drag.current.startY) * ratio;
  };

  const endDrag = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current || drag.current.pointerId !== event.pointerId) return;
    drag.current = null;
    rootRef.current?.classList.remove('scroll-area--dragging');
    reveal();
  };

  /** A press on the track beside the thumb scrolls one page towards it. */
  const onTrackPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const viewport = viewportRef.current;
    const thumb = thumbRef.current;
    if (!viewport || !thumb || event.button !== 0) return;
    const below = event.clientY > thumb.getBoundingClientRect().bottom;
    viewport.scrollBy({ top: (below ? 1 : -1) * viewport.clientHeight * 0.9 });
  };

  return (
    <div ref={rootRef} className={`scroll-area${className ? ` ${className}` : ''}`} onPointerMove={reveal}>
      <div ref={viewportRef} className="scroll-area__viewport" onScroll={onScroll}>
        <div className="scroll-area__content">{children}</div>
      </div>
      <div
        ref={trackRef}
        className="scroll-area__track"
        aria-hidden="true"
        onPointerDown={onTrackPointerDown}
        style={{ top: TRACK_INSET, bottom: TRACK_INSET, transitionDuration: `${SCROLLBAR_AUTO_HIDE_DURATION_MS}ms` }}
      >
        <div
          ref={thumbRef}
          className="scroll-area__thumb"
          onPointerDown={onThumbPointerDown}
          onPointerMove={onThumbPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        />
      </div>
    </div>
  );
}
