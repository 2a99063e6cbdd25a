/**
 * Drag-and-drop of a capture onto the app: while files are dragged over it the app shows where
 * to drop (`dragging`), a drop reads the first file in the capture worker.
 */
import { useState, type DragEvent } from 'react';
import { openFiles } from './CaptureOpen';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

export function useCaptureDrop() {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    handlers: {
      onDragOver: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        if (!dragging) setDragging(true);
      },
      onDragLeave: (e: DragEvent) => {
        // Leaving the app, not moving between its children.
        if (
          e.relatedTarget === null ||
          !(e.currentTarget as Node).contains(e.relatedTarget as Node)
        )
          setDragging(false);
      },
      onDrop: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDragging(false);
        openFiles(e.dataTransfer.files);
      },
    },
  };
}
