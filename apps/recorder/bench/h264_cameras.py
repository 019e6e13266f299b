#!/usr/bin/python3
"""Test cameras that cost next to nothing: one pre-encoded H.264 clip served over RTSP, never re-encoded.

bench:box needs many cameras on the machine it measures, so the cameras must not be what it measures. The clip's
access units are read into memory once (qtdemux ! h264parse, parameter sets before every keyframe), then each of
--cameras mount points (/cam0, /cam1, …) pushes them in a loop at --fps through appsrc ! h264parse ! rtph264pay:
no decoder, no encoder. Camera k starts at the keyframe nearest k/cameras of the way into the clip, so the
cameras do not all move at the same moment. Prints "ready <port>" once it accepts connections; runs until killed.
"""
import argparse
import signal
import sys
import time

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402


def read_access_units(clip: str) -> list:
    """(bytes, is_keyframe) of every access unit of the clip's video, in decoding order."""
    pipeline = Gst.parse_launch(
        f'filesrc location="{clip}" ! qtdemux ! h264parse config-interval=-1 '
        "! video/x-h264,stream-format=byte-stream,alignment=au ! appsink name=sink sync=false"
    )
    sink = pipeline.get_by_name("sink")
    pipeline.set_state(Gst.State.PLAYING)
    units = []
    while True:
        sample = sink.emit("pull-sample")
        if sample is None:
            break
        buffer = sample.get_buffer()
        ok, info = buffer.map(Gst.MapFlags.READ)
        if ok:
            units.append((bytes(info.data), not buffer.has_flags(Gst.BufferFlags.DELTA_UNIT)))
            buffer.unmap(info)
    pipeline.set_state(Gst.State.NULL)
    if not units or not units[0][1]:
        raise SystemExit(f"{clip}: no H.264 video starting with a keyframe")
    return units


def feed(media, units: list, start: int, fps: int) -> None:
    """Pushes the clip's access units in a loop at `fps` while the media lives, from unit `start`."""
    source = media.get_element().get_by_name_recurse_up("src")
    state = {"next": start, "pushed": 0, "began": time.monotonic()}

    def push() -> bool:
        # Catch up with the clock rather than drift with the timer.
        due = int((time.monotonic() - state["began"]) * fps) + 1
        while state["pushed"] < due:
            data, _ = units[state["next"]]
            if source.emit("push-buffer", Gst.Buffer.new_wrapped(data)) != Gst.FlowReturn.OK:
                return False
            state["next"] = (state["next"] + 1) % len(units)
            state["pushed"] += 1
        return True

    GLib.timeout_add(max(1, 1000 // fps), push)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--clip", required=True, help="an MP4 with H.264 video")
    parser.add_argument("--cameras", type=int, default=1)
    parser.add_argument("--fps", type=int, default=10)
    parser.add_argument("--width", type=int, required=True)
    parser.add_argument("--height", type=int, required=True)
    args = parser.parse_args()

    Gst.init(None)
    units = read_access_units(args.clip)
    keyframes = [index for index, (_, key) in enumerate(units) if key]

    server = GstRtspServer.RTSPServer()
    server.set_address("127.0.0.1")
    server.set_service(str(args.port))
    for camera in range(args.cameras):
        wanted = len(units) * camera // args.cameras
        start = max(index for index in keyframes if index <= wanted)
        factory = GstRtspServer.RTSPMediaFactory()
        factory.set_launch(
            "( appsrc name=src is-live=true do-timestamp=true format=time "
            f"caps=video/x-h264,stream-format=byte-stream,alignment=au,width={args.width},height={args.height},"
            f"framerate={args.fps}/1 ! h264parse ! rtph264pay name=pay0 pt=96 config-interval=1 )"
        )
        factory.set_shared(True)
        factory.connect("media-configure", lambda _f, media, s=start: feed(media, units, s, args.fps))
        server.get_mount_points().add_factory(f"/cam{camera}", factory)

    if server.attach(None) == 0:
        print("failed to attach the RTSP server", file=sys.stderr, flush=True)
        sys.exit(1)
    loop = GLib.MainLoop()
    signal.signal(signal.SIGTERM, lambda *_: loop.quit())
    print(f"ready {args.port}", flush=True)
    loop.run()


if __name__ == "__main__":
    main()
