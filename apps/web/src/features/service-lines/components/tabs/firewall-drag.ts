import { useRef, useState, type DragEvent, type HTMLAttributes } from 'react';

/**
 * Drag-and-drop reordering of table rows with the browser's own drag events (no library): a
 * row dragged onto another takes that row's place. The row being dragged over is reported so
 * it can be marked. Keyboard users move rows with the buttons beside them instead.
 */
export function useRowDrag(move: (from: number, to: number) => void) {
  // A ref, not state: the drop must see the start even if no render came in between.
  const from = useRef<number | undefined>(undefined);
  const [over, setOver] = useState<number>();

  const end = () => {
    from.current = undefined;
    setOver(undefined);
  };

  const rowProps = (index: number): HTMLAttributes<HTMLElement> => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      from.current = index;
      // Firefox starts a drag only when some data is set.
      event.dataTransfer?.setData('text/plain', String(index));
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (event: DragEvent) => {
      if (from.current === undefined) return;
      // Allowing the drop is what preventDefault means here.
      event.preventDefault();
      if (over !== index) setOver(index);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const start = from.current;
      end();
      if (start !== undefined && start !== index) move(start, index);
    },
    onDragEnd: end,
  });

  return { rowProps, over };
}
