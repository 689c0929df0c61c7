"""Chrome Trace Event JSON of decoded slices: opens in Perfetto UI and chrome://tracing.

One file for the whole fused buffer. One process per (call site, tile, unit), named
``device:sequence [call 1/0] core(0,2)``; one thread per event slot, named after the event it
traces; ``B``/``E`` duration events with timestamps in AIE cycles (each call site's own timer).
``otherData`` names the kernel, the designs and the time unit.

Events are written as the decoder produces them again, a step of a stream at a time and at most
:data:`BATCH` at once, so writing a large trace takes memory bounded by a step, not by the trace.
Within a thread the ``B`` and ``E`` events alternate in time order.
"""

from __future__ import annotations

import json
from typing import Any, Iterator, TextIO

import numpy as np

from .decode import SliceDecode, unit_label

#: most duration events formatted at once
BATCH = 1 << 14


def _meta(name: str, pid: int, args: dict[str, Any], tid: int | None = None) -> str:
    d: dict[str, Any] = {"name": name, "ph": "M", "pid": pid, "args": args}
    if tid is not None:
        d["tid"] = tid
    return json.dumps(d)


def _spans(b_pre: str, e_pre: str, begins: np.ndarray, ends: np.ndarray, is_open: bool) -> Iterator[str]:
    """The ``B`` and ``E`` events of one slot found in one step, in time order, in batches:
    ``is_open``, the slot's interval from an earlier step ends first."""
    if is_open and len(ends):
        yield f"{e_pre}{int(ends[0])}}}"
        ends = ends[1:]
    for at in range(0, len(begins), BATCH):
        b, e = begins[at:at + BATCH].tolist(), ends[at:at + BATCH].tolist()
        text = ",\n".join(f"{b_pre}{x}}},\n{e_pre}{y}}}" for x, y in zip(b, e))
        if len(b) > len(e):   # the last one ends in a later step
            text += (",\n" if e else "") + f"{b_pre}{b[-1]}}}"
        yield text


def write_chrome_trace(slices: list[SliceDecode], out: TextIO, kernel: str | None = None) -> int:
    """Write the trace of every slice to ``out``; returns the number of duration events."""
    designs = sorted({sd.kernel for sd in slices})
    other = {"kernel": kernel, "designs": designs, "time_unit": "AIE cycles",
             "call_sites": [{"label": sd.label, "device": sd.device, "sequence": sd.sequence,
                             "call_path": sd.call_path, "offset": sd.offset, "size": sd.size} for sd in slices]}
    out.write('{"displayTimeUnit": "ns", "otherData": ')
    out.write(json.dumps(other))
    out.write(', "traceEvents": [\n')
    first = True
    written = 0
    pid = 0

    def emit(text: str) -> None:
        nonlocal first
        out.write(text if first else ",\n" + text)
        first = False

    for sd in slices:
        for key, stream in sorted(sd.result.streams.items()):
            pid += 1
            emit(_meta("process_name", pid, {"name": f"{sd.label} {unit_label(key)}"}))
            emit(_meta("process_sort_index", pid, {"sort_index": pid}))
            emit(_meta("process_labels", pid, {"labels": f"{sd.kernel} call {sd.call_path}"}))
            slots = [slot for slot in range(len(stream.counts)) if stream.counts[slot]]
            prefixes = {}
            for slot in slots:
                name = sd.slot_name(key, slot)
                emit(_meta("thread_name", pid, {"name": f"{name} (slot {slot})"}, slot))
                emit(_meta("thread_sort_index", pid, {"sort_index": slot}, slot))
                jn = json.dumps(name)
                prefixes[slot] = (f'{{"name": {jn}, "ph": "B", "pid": {pid}, "tid": {slot}, "ts": ',
                                  f'{{"name": {jn}, "ph": "E", "pid": {pid}, "tid": {slot}, "ts": ')
            is_open = dict.fromkeys(slots, False)
            for begins, ends in stream.steps(slots):
                for slot in slots:
                    b, e = begins[slot], ends[slot]
                    for text in _spans(*prefixes[slot], b, e, is_open[slot]):
                        emit(text)
                    is_open[slot] = len(b) > len(e) - is_open[slot]
                    written += len(b)
    out.write("\n]}\n")
    return written


def chrome_trace(slices: list[SliceDecode], kernel: str | None = None) -> dict[str, Any]:
    """The same document as a Python object (for small traces and tests)."""
    import io

    buf = io.StringIO()
    write_chrome_trace(slices, buf, kernel)
    return json.loads(buf.getvalue())
