"""Chrome Trace Event JSON of decoded slices: opens in Perfetto UI and chrome://tracing.

One file for the whole fused buffer. One process per (call site, tile, unit), named
``device:sequence [call 1/0] core(0,2)``; one thread per event slot, named after the event it
traces; ``B``/``E`` duration events with timestamps in AIE cycles (each call site's own timer).
``otherData`` names the kernel, the designs and the time unit.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from .decode import SliceDecode, unit_label


def _meta(name: str, pid: int, args: dict[str, Any], tid: int | None = None) -> str:
    d: dict[str, Any] = {"name": name, "ph": "M", "pid": pid, "args": args}
    if tid is not None:
        d["tid"] = tid
    return json.dumps(d)


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
            for slot in range(8):
                r = stream.slot_range(slot)
                if r.stop == r.start:
                    continue
                name = sd.slot_name(key, slot)
                emit(_meta("thread_name", pid, {"name": f"{name} (slot {slot})"}, slot))
                emit(_meta("thread_sort_index", pid, {"sort_index": slot}, slot))
                jn = json.dumps(name)
                b_pre = f'{{"name": {jn}, "ph": "B", "pid": {pid}, "tid": {slot}, "ts": '
                e_pre = f'{{"name": {jn}, "ph": "E", "pid": {pid}, "tid": {slot}, "ts": '
                begins, ends = stream.begin[r].tolist(), stream.end[r].tolist()
                emit(",\n".join(f"{b_pre}{b}}},\n{e_pre}{e}}}" for b, e in zip(begins, ends)))
                written += len(begins)
    out.write("\n]}\n")
    return written


def chrome_trace(slices: list[SliceDecode], kernel: str | None = None) -> dict[str, Any]:
    """The same document as a Python object (for small traces and tests)."""
    import io

    buf = io.StringIO()
    write_chrome_trace(slices, buf, kernel)
    return json.loads(buf.getvalue())
