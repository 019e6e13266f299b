#!/usr/bin/python3
"""A test IP camera: a live test pattern served over RTSP by GStreamer's RTSP server.

Like a real camera it can require credentials (RTSP Basic or Digest) and serve RTSPS with a certificate, and it
comes in the kinds people own (the camera zoo): H.264 (optionally with B-frames), H.265 or MJPEG video, and no
audio, G.711 µ-law or A-law, AAC or Opus beside it (a 440 Hz tone, so a test can find sound in what it decodes).
Prints "ready <port>" once it accepts connections, then "clients <n>" whenever the number of RTSP client
connections it serves changes (a test counts how many sessions the recorder opens); runs until killed.
"""
import argparse
import signal
import sys
import time

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtsp", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import Gio, GLib, Gst, GstRtsp, GstRtspServer  # noqa: E402


def allow(role: str) -> Gst.Structure:
    """A role that may open and start the stream."""
    return Gst.Structure.new_from_string(
        f"{role}, media.factory.access=(boolean)true, media.factory.construct=(boolean)true"
    )


# The clock code: 48 blocks of 24x24 px (two rows of 24) near the top-left corner, white = 1, black = 0.
# Bits 0..39 (most significant first) are the unix time in ms modulo 2^40, bits 40..47 the sum of those five
# bytes modulo 256, so a reader can tell a clean frame from a torn or mis-sampled one.
CODE_BLOCK, CODE_COLUMNS, CODE_LEFT, CODE_TOP = 24, 24, 32, 24


def clock_code_bits(now_ms: int) -> list:
    value = now_ms % (1 << 40)
    checksum = sum((value >> shift) & 0xFF for shift in range(0, 40, 8)) % 256
    word = (value << 8) | checksum
    return [(word >> (47 - i)) & 1 for i in range(48)]


# --freezable: SIGUSR1 stops sending frames while every session stays open (RTCP goes on), SIGUSR2 resumes, and
# the frames' timestamps resume where they stopped: a camera that froze, as some do when a second client joins.
FROZEN = {"value": False}


def feed_clock_code(media, args) -> None:
    """Pushes a frame carrying the current wall clock at the camera's frame rate while the media lives."""
    source = media.get_element().get_by_name_recurse_up("clock")
    width, height = args.width, args.height
    luma_size, chroma_size = width * height, (width // 2) * (height // 2)
    background = bytearray([96]) * luma_size + bytearray([128]) * (2 * chroma_size)
    pushed = {"frames": 0}

    def push() -> bool:
        if FROZEN["value"]:
            return True
        frame = bytearray(background)
        for index, bit in enumerate(clock_code_bits(time.time_ns() // 1_000_000)):
            x = CODE_LEFT + (index % CODE_COLUMNS) * CODE_BLOCK
            y = CODE_TOP + (index // CODE_COLUMNS) * CODE_BLOCK
            row = bytes([235 if bit else 16]) * CODE_BLOCK
            for line in range(y, y + CODE_BLOCK):
                frame[line * width + x : line * width + x + CODE_BLOCK] = row
        buffer = Gst.Buffer.new_wrapped(bytes(frame))
        if args.freezable:
            # Timestamps from the frame count, not the clock: they carry on from the last frame after a freeze.
            buffer.pts = pushed["frames"] * Gst.SECOND // args.fps
            buffer.duration = Gst.SECOND // args.fps
        pushed["frames"] += 1
        return source.emit("push-buffer", buffer) == Gst.FlowReturn.OK

    GLib.timeout_add(max(1, 1000 // args.fps), push)


def video_encoder(args) -> str:
    """The encoder and RTP payloader of the camera's video (payloader pay0), after raw I420 frames."""
    if args.codec == "h265":
        return (
            f"x265enc tune=zerolatency speed-preset=ultrafast key-int-max={args.gop} bitrate=600 "
            "! video/x-h265,profile=main ! rtph265pay name=pay0 pt=96 config-interval=1"
        )
    if args.codec == "mjpeg":
        return "jpegenc quality=80 ! rtpjpegpay name=pay0 pt=26"
    if args.bframes:
        # Main profile with two B-frames between references: pictures arrive out of presentation order.
        return (
            f"x264enc speed-preset=ultrafast key-int-max={args.gop} bitrate=600 bframes=2 b-adapt=false "
            "! video/x-h264,profile=main ! rtph264pay name=pay0 pt=96 config-interval=1"
        )
    return (
        f"x264enc tune=zerolatency speed-preset=ultrafast key-int-max={args.gop} bitrate=600 "
        "! video/x-h264,profile=baseline ! rtph264pay name=pay0 pt=96 config-interval=1"
    )


# The audio of each kind, as cameras send it: G.711 at 8 kHz mono (Hikvision/Dahua with audio on), AAC (Reolink,
# Amcrest), Opus (some newer models); a tone from a live test source, payloader pay1.
AUDIO = {
    "pcmu": "audio/x-raw,rate=8000,channels=1 ! mulawenc ! rtppcmupay name=pay1 pt=0",
    "pcma": "audio/x-raw,rate=8000,channels=1 ! alawenc ! rtppcmapay name=pay1 pt=8",
    "aac": "audio/x-raw,rate=16000,channels=1 ! voaacenc bitrate=32000 ! rtpmp4gpay name=pay1 pt=97",
    "opus": "audio/x-raw,rate=48000,channels=1 ! opusenc bitrate=32000 ! rtpopuspay name=pay1 pt=98",
}


def audio_branch(args) -> str:
    if args.audio == "none":
        return ""
    return (
        " audiotestsrc is-live=true wave=sine freq=440 volume=0.5 ! audioconvert ! audioresample "
        f"! {AUDIO[args.audio]}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--path", default="/live")
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("--tls-cert", help="PEM certificate: serve RTSPS")
    parser.add_argument("--tls-key", help="PEM private key for --tls-cert")
    parser.add_argument("--width", type=int, default=640)
    parser.add_argument("--height", type=int, default=360)
    parser.add_argument("--fps", type=int, default=15)
    parser.add_argument("--gop", type=int, default=15, help="frames between keyframes")
    parser.add_argument("--image", help="serve this still picture (JPEG/PNG) instead of the test pattern")
    parser.add_argument(
        "--frames",
        help="serve these numbered JPEG files (a printf pattern such as dir/%%05d.jpg) in a loop at --fps",
    )
    parser.add_argument(
        "--clock-code",
        action="store_true",
        help="burn the wall clock (unix ms) into every frame as a machine-readable block code (latency tests)",
    )
    parser.add_argument("--codec", choices=["h264", "h265", "mjpeg"], default="h264")
    parser.add_argument("--bframes", action="store_true", help="H.264 main profile with B-frames")
    parser.add_argument("--audio", choices=["none", *AUDIO], default="none")
    parser.add_argument("--digest", action="store_true", help="with --user: RTSP Digest instead of Basic")
    parser.add_argument(
        "--transport",
        choices=["any", "udp", "tcp"],
        default="any",
        help="the RTP transports a client may set up (udp: as a camera that refuses interleaved TCP)",
    )
    parser.add_argument(
        "--freezable",
        action="store_true",
        help="with --clock-code: SIGUSR1 freezes the picture (no frames, sessions stay open), SIGUSR2 resumes",
    )
    parser.add_argument(
        "--resize-to",
        help="WxH: on SIGHUP the picture takes this size mid-session, as a camera whose user changed its resolution",
    )
    args = parser.parse_args()
    if args.clock_code and args.audio != "none":
        # The RTSP server cannot start a media that mixes the clock's appsrc with a live audio source (PLAY: seek
        # failed), so say so rather than serve a camera that never plays.
        parser.error("--clock-code cannot be combined with --audio")

    Gst.init(None)
    server = GstRtspServer.RTSPServer()
    server.set_address("127.0.0.1")
    server.set_service(str(args.port))

    factory = GstRtspServer.RTSPMediaFactory()
    # The wall-clock overlay lets a viewer measure end-to-end latency against the clock.
    # A still picture (e.g. a frame with real people in it) is frozen into a live stream at the same size and rate.
    # Numbered JPEGs (e.g. the frames of a real video) play in a loop: a scene where people come and go.
    if args.frames:
        source = (
            f'multifilesrc location="{args.frames}" loop=true caps="image/jpeg,framerate={args.fps}/1" '
            "! jpegdec ! videoconvert ! videoscale "
        )
    elif args.image:
        source = f'filesrc location="{args.image}" ! decodebin ! videoconvert ! videoscale ! imagefreeze is-live=true '
    else:
        source = "videotestsrc is-live=true pattern=ball "

    factory.set_launch(
        f"( {source}"
        f"! videoscale ! capsfilter name=size caps=video/x-raw,width={args.width},height={args.height},framerate={args.fps}/1 "
        '! clockoverlay time-format="%H:%M:%S" font-desc="Sans 24" ! videoconvert ! video/x-raw,format=I420 '
        f"! {video_encoder(args)}{audio_branch(args)} )"
    )
    if args.clock_code:
        factory.set_launch(
            f"( appsrc name=clock is-live=true do-timestamp={'false' if args.freezable else 'true'} format=time "
            "leaky-type=downstream max-buffers=2 "
            f"! video/x-raw,format=I420,width={args.width},height={args.height},framerate={args.fps}/1 "
            f"! {video_encoder(args)}{audio_branch(args)} )"
        )
        factory.connect("media-configure", lambda _f, media: feed_clock_code(media, args))
    factory.set_shared(True)
    medias = []
    factory.connect("media-configure", lambda _f, media: medias.append(media))
    if args.transport != "any":
        lower = GstRtsp.RTSPLowerTrans
        factory.set_protocols(lower.UDP | lower.UDP_MCAST if args.transport == "udp" else lower.TCP)

    if args.user or args.tls_cert:
        auth = GstRtspServer.RTSPAuth()
        if args.tls_cert:
            auth.set_tls_certificate(Gio.TlsCertificate.new_from_files(args.tls_cert, args.tls_key))
        if args.user:
            token = GstRtspServer.RTSPToken()
            token.set_string(GstRtspServer.RTSP_TOKEN_MEDIA_FACTORY_ROLE, "viewer")
            if args.digest:
                auth.set_supported_methods(GstRtsp.RTSPAuthMethod.DIGEST)
                auth.add_digest(args.user, args.password or "", token)
            else:
                auth.add_basic(GstRtspServer.RTSPAuth.make_basic(args.user, args.password or ""), token)
            permissions = GstRtspServer.RTSPPermissions()
            permissions.add_role_from_structure(allow("viewer"))
            factory.set_permissions(permissions)
        else:
            # TLS without credentials: an anonymous token may still watch.
            token = GstRtspServer.RTSPToken()
            token.set_string(GstRtspServer.RTSP_TOKEN_MEDIA_FACTORY_ROLE, "anonymous")
            auth.set_default_token(token)
            permissions = GstRtspServer.RTSPPermissions()
            permissions.add_role_from_structure(allow("anonymous"))
            factory.set_permissions(permissions)
        server.set_auth(auth)

    server.get_mount_points().add_factory(args.path, factory)
    clients = {"count": 0}

    def client_closed(_client) -> None:
        clients["count"] -= 1
        print(f"clients {clients['count']}", flush=True)

    def client_connected(_server, client) -> None:
        clients["count"] += 1
        print(f"clients {clients['count']}", flush=True)
        client.connect("closed", client_closed)

    server.connect("client-connected", client_connected)
    if server.attach(None) == 0:
        print("failed to attach the RTSP server", file=sys.stderr, flush=True)
        sys.exit(1)

    loop = GLib.MainLoop()
    signal.signal(signal.SIGTERM, lambda *_: loop.quit())
    if args.freezable:
        signal.signal(signal.SIGUSR1, lambda *_: FROZEN.update(value=True))
        signal.signal(signal.SIGUSR2, lambda *_: FROZEN.update(value=False))
    if args.resize_to:
        signal.signal(signal.SIGHUP, lambda *_: GLib.idle_add(resize, medias, args))
    print(f"ready {args.port}", flush=True)
    loop.run()


def resize(medias, args) -> bool:
    """The picture's size becomes --resize-to in the same session: new parameter sets at the next keyframe."""
    width, height = (int(value) for value in args.resize_to.split("x"))
    caps = Gst.Caps.from_string(f"video/x-raw,width={width},height={height},framerate={args.fps}/1")
    for media in medias:
        size = media.get_element().get_by_name_recurse_up("size")
        if size is not None:
            size.set_property("caps", caps)
    print(f"resized {width}x{height}", flush=True)
    return False


if __name__ == "__main__":
    main()
