/** Binary-heap helpers for selecting the best `limit` candidates; `worse(a, b)` orders the heap. */
export function siftUp(heap: number[], i: number, worse: (a: number, b: number) => boolean): void {
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!worse(heap[i]!, heap[parent]!)) return;
    [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
    i = parent;
  }
}

export function siftDown(heap: number[], i: number, worse: (a: number, b: number) => boolean): void {
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let top = i;
    if (l < heap.length && worse(heap[l]!, heap[top]!)) top = l;
    if (r < heap.length && worse(heap[r]!, heap[top]!)) top = r;
    if (top === i) return;
    [heap[i], heap[top]] = [heap[top]!, heap[i]!];
    i = top;
  }
}
