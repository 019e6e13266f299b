#!/usr/bin/env python3
"""Runs the DeepStack / CodeProject.AI client code of Frigate, Viseron and deepstack-python, unchanged, against
a running adapter, and prints what each client saw.

The clients' own modules are loaded from their checkouts (git clones) and their request methods are called as
the applications call them; only the imports those modules take from the rest of their application (which
cannot be installed here) are provided by small stand-ins below, and none of them sends anything.

    python3 apps/adapter/scripts/interop/run_clients.py \\
        --url http://127.0.0.1:9100 \\
        --frigate ~/src/frigate --viseron ~/src/viseron \\
        --deepstack-python ~/src/deepstack-python --codeproject-api ~/src/CodeProject.AI-Server-API \\
        --object-image test-fixtures/adapter/person.jpg \\
        --face-image test-fixtures/adapter/megamind-4.5s.jpg --face-probe test-fixtures/adapter/megamind-9.5s.jpg \\
        --street-image test-fixtures/adapter/vtest-2s.jpg --street-image test-fixtures/adapter/vtest-6s.jpg

--capture PORT instead of --url starts a recorder on 127.0.0.1:PORT that answers every request with an empty
success and prints each request the clients sent (headers and body, image bytes elided): what the adapter's
tests replay. Any checkout may be left out; its client is skipped.

Needs Debian's python3-requests, python3-numpy, python3-pil, python3-opencv and python3-pydantic.
Repositories: blakeblackshear/frigate, roflcoopter/viseron, robmarkcole/deepstack-python (Viseron and Home
Assistant's deepstack_object / deepstack_face pin 0.8), codeproject/CodeProject.AI-Server-API (the
`codeproject-ai-api` package Viseron's codeprojectai component imports as codeprojectai.core).
"""
from __future__ import annotations

import argparse
import ast
import importlib.util
import io
import json
import logging
import os
import shutil
import socket
import sys
import tempfile
import threading
import traceback
import types
import typing
from pathlib import Path
from urllib.parse import urlparse

logging.basicConfig(level=logging.DEBUG, format="    %(levelname)s %(name)s: %(message)s")
for noisy in ("urllib3", "PIL"):
    logging.getLogger(noisy).setLevel(logging.WARNING)


# ── loading a client's modules without the rest of its application ─────────────────────────────────────────


def module(name: str, **attrs) -> types.ModuleType:
    """A stand-in module (or package) for an import the client module takes from its application."""
    m = types.ModuleType(name)
    m.__path__ = []  # importable as a package too
    m.__dict__.update(attrs)
    sys.modules[name] = m
    return m


def package_at(name: str, directory: Path) -> None:
    """A package whose submodules load from `directory` without running its __init__.py (which imports the
    whole application)."""
    m = types.ModuleType(name)
    m.__path__ = [str(directory)]
    sys.modules[name] = m


def load(name: str, path: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader, path
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def functions_from(path: Path, names: list[str], namespace: dict) -> dict:
    """Only the named top-level functions of a module, unchanged (the rest of viseron/helpers imports packages
    that are not installed here)."""
    tree = ast.parse(path.read_text(), str(path))
    chosen = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in names]
    missing = set(names) - {n.name for n in chosen}
    assert not missing, f"{path}: no {missing}"
    code = compile(ast.Module(body=chosen, type_ignores=[]), str(path), "exec")
    exec(code, namespace)
    return {n: namespace[n] for n in names}


# ── what the clients saw ─────────────────────────────────────────────────────────────────────────────────────


def step(title: str, run: typing.Callable[[], object]) -> None:
    print(f"  {title}")
    try:
        print(f"    -> {run()}")
    except Exception as exc:  # what the application would see
        print(f"    -> raised {type(exc).__name__}: {exc}")
        if os.environ.get("INTEROP_TRACEBACK"):
            traceback.print_exc()


def jpeg_of(path: Path) -> bytes:
    return path.read_bytes()


# ── Frigate: frigate/detectors/plugins/deepstack.py ──────────────────────────────────────────────────────────


def run_frigate(checkout: Path, base: str, image: Path, repeat: int) -> None:
    import numpy as np
    import pydantic
    from PIL import Image

    print(f"Frigate deepstack detector ({checkout})")

    class BaseDetectorConfig(pydantic.BaseModel):  # frigate.detectors.detector_config's, reduced to `model`
        model: typing.Any = None

        class Config:
            arbitrary_types_allowed = True

    class DetectionApi:  # frigate.detectors.detection_api's ABC; DeepStack.__init__ does not call it
        pass

    module("frigate")
    module("frigate.detectors")
    module("frigate.detectors.plugins")
    module("frigate.detectors.detection_api", DetectionApi=DetectionApi)
    module("frigate.detectors.detector_config", BaseDetectorConfig=BaseDetectorConfig)
    plugin = load("frigate.detectors.plugins.deepstack", checkout / "frigate/detectors/plugins/deepstack.py")

    # Frigate's labelmap.txt read the way frigate.util.builtin.load_labels reads it (prefilled with "unknown").
    labels = {i: "unknown" for i in range(91)}
    for line in (checkout / "labelmap.txt").read_text().splitlines():
        index, label = line.split(" ", maxsplit=1)
        labels[int(index)] = label.strip()

    # What Frigate hands a detector: the region around motion resized to the model's 320×320, RGB uint8.
    tensor = np.expand_dims(np.asarray(Image.open(image).convert("RGB").resize((320, 320))), 0)

    def detect(**settings):
        config = plugin.DeepstackDetectorConfig(
            type="deepstack", api_url=f"{base}/v1/vision/detection", **settings
        )
        config.model = types.SimpleNamespace(merged_labelmap=labels)
        rows = plugin.DeepStack(config).detect_raw(tensor)
        found = [(labels[int(r[0])], round(float(r[1]), 2)) for r in rows if r[1] > 0]
        return f"{len(found)} detections {found}"

    defaults = plugin.DeepstackDetectorConfig(type="deepstack")
    print(f"  defaults: api_key={defaults.api_key!r} api_timeout={defaults.api_timeout}")
    step("detect_raw, default api_key and api_timeout", lambda: detect())

    def answered_within_default_timeout() -> str:
        # Frigate logs a timed-out call and returns an empty result; the picture has a person, so an empty
        # result is a call that did not answer within api_timeout.
        config = plugin.DeepstackDetectorConfig(type="deepstack", api_url=f"{base}/v1/vision/detection")
        config.model = types.SimpleNamespace(merged_labelmap=labels)
        detector = plugin.DeepStack(config)
        answered = sum(1 for _ in range(repeat) if any(r[1] > 0 for r in detector.detect_raw(tensor)))
        return f"{answered} of {repeat} calls answered within {config.api_timeout} s"

    step(f"detect_raw × {repeat}, every default (one Frigate detector, calls one after another)", answered_within_default_timeout)
    step("detect_raw, default api_key, api_timeout 2 s", lambda: detect(api_timeout=2.0))
    step("detect_raw, api_key 'wrong', api_timeout 2 s", lambda: detect(api_timeout=2.0, api_key="wrong"))
    key = os.environ.get("INTEROP_API_KEY")
    if key:
        step("detect_raw, api_key = the adapter token, api_timeout 2 s", lambda: detect(api_timeout=2.0, api_key=key))


# ── Viseron: viseron/components/codeprojectai and viseron/components/deepstack ──────────────────────────────


def viseron_stand_ins(checkout: Path) -> None:
    import cv2
    import numpy as np

    helpers = functions_from(
        checkout / "viseron/helpers/__init__.py",
        ["letterbox_resize", "calculate_absolute_coords", "get_image_files_in_folder"],
        {"cv2": cv2, "np": np, "os": os, "re": __import__("re"), "math": __import__("math"), "Any": typing.Any},
    )

    class AbstractObjectDetector:  # viseron.domains.object_detector's, reduced to what the components read
        def __init__(self, vis, component, config, camera_identifier):
            self._config = config
            self._camera = vis.camera
            self.min_confidence = vis.min_confidence

    class AbstractFaceRecognition:
        def __init__(self, vis, component, config, camera_identifier):
            self._config = config
            self._camera = vis.camera
            self._logger = logging.getLogger("viseron.face_recognition")

    class DetectedObject:  # records what the detector reports
        @staticmethod
        def from_absolute(label, confidence, x1, y1, x2, y2, frame_res, model_res):
            return (label, round(float(confidence), 2), (x1, y1, x2, y2))

        from_absolute_letterboxed = from_absolute

    module("viseron", Viseron=object)
    module("viseron.helpers", **helpers)
    module("viseron.domains", OptionalDomain=object, RequireDomain=object, setup_domain=None)
    module("viseron.domains.object_detector", AbstractObjectDetector=AbstractObjectDetector)
    module("viseron.domains.object_detector.detected_object", DetectedObject=DetectedObject)
    module("viseron.domains.face_recognition", AbstractFaceRecognition=AbstractFaceRecognition)
    module("viseron.domains.face_recognition.const", CONFIG_FACE_RECOGNITION_PATH="face_recognition_path")
    module("viseron.components")
    package_at("viseron.components.codeprojectai", checkout / "viseron/components/codeprojectai")
    package_at("viseron.components.deepstack", checkout / "viseron/components/deepstack")


def run_viseron(checkout: Path, base: str, image: Path, faces: dict[str, list[Path]], probe: Path) -> None:
    import cv2

    print(f"Viseron ({checkout})")
    viseron_stand_ins(checkout)
    url = urlparse(base)
    cpai_const = load("viseron.components.codeprojectai.const", checkout / "viseron/components/codeprojectai/const.py")
    cpai_object = load(
        "viseron.components.codeprojectai.object_detector",
        checkout / "viseron/components/codeprojectai/object_detector.py",
    )
    cpai_face = load(
        "viseron.components.codeprojectai.face_recognition",
        checkout / "viseron/components/codeprojectai/face_recognition.py",
    )
    frame = cv2.imread(str(image))

    # The codeprojectai component with its defaults (custom_model ipcam-general, timeout 10 s, no api key
    # anywhere) and a camera tracking `person` at the object detector's default label confidence (0.8).
    def cpai_config(**object_detector):
        return {
            "host": url.hostname,
            "port": url.port,
            "timeout": cpai_const.DEFAULT_TIMEOUT,
            "object_detector": {
                "image_size": cpai_const.DEFAULT_IMAGE_SIZE,
                "custom_model": cpai_const.DEFAULT_CUSTOM_MODEL,
                **object_detector,
            },
            "face_recognition": {
                "train": True,
                "min_confidence": cpai_const.DEFAULT_MIN_CONFIDENCE,
                "face_recognition_path": None,
            },
        }

    def detect_objects(min_confidence: float, **object_detector):
        vis = types.SimpleNamespace(
            camera=types.SimpleNamespace(resolution=(frame.shape[1], frame.shape[0])),
            min_confidence=min_confidence,
        )
        detector = cpai_object.ObjectDetector(vis, cpai_config(**object_detector), "camera_one")
        found = detector.return_objects(detector.preprocess(frame))
        return f"{len(found)} objects {[(label, conf) for label, conf, _ in found]}"

    print(f"  codeprojectai: custom_model default {cpai_const.DEFAULT_CUSTOM_MODEL!r}")
    step("object detector, defaults, person at confidence 0.8", lambda: detect_objects(0.8))
    step("object detector, defaults, person at confidence 0.5", lambda: detect_objects(0.5))
    step("object detector, custom_model None (/v1/vision/detection)", lambda: detect_objects(0.5, custom_model=None))

    train_dir = Path(tempfile.mkdtemp(prefix="viseron-faces-"))
    try:
        for name, pictures in faces.items():
            (train_dir / name).mkdir()
            for p in pictures:
                shutil.copy(p, train_dir / name / p.name)
        config = cpai_config()
        config["face_recognition"]["face_recognition_path"] = str(train_dir)
        step(
            "CodeProjectAITrain (delete_face urlencoded, /face detect, register) for "
            + ", ".join(f"{n}: {len(p)} pictures" for n, p in faces.items()),
            lambda: cpai_face.CodeProjectAITrain(config) and "trained",
        )
        client = cpai_face.CodeProjectAIFace(
            ip=url.hostname, port=url.port, timeout=10, min_confidence=cpai_const.DEFAULT_MIN_CONFIDENCE
        )
        step("CodeProjectAIFace.list_faces (empty form)", client.list_faces)
        probe_jpeg = cv2.imencode(".jpg", cv2.imread(str(probe)))[1].tobytes()
        step(
            "CodeProjectAIFace.recognize",
            lambda: [(p["userid"], p["confidence"]) for p in client.recognize(probe_jpeg)["predictions"]],
        )
    finally:
        shutil.rmtree(train_dir)


def run_viseron_deepstack(checkout: Path, deepstack_python: Path, base: str, image: Path, faces: dict[str, list[Path]]) -> None:
    """Viseron's deepstack component on deepstack-python (Viseron pins 0.8), its default api_key None."""
    import cv2

    print(f"Viseron deepstack component on deepstack-python ({deepstack_python})")
    sys.path.insert(0, str(deepstack_python))
    for name in [n for n in sys.modules if n == "deepstack" or n.startswith("deepstack.")]:
        del sys.modules[name]
    ds_const = load("viseron.components.deepstack.const", checkout / "viseron/components/deepstack/const.py")
    ds_object = load(
        "viseron.components.deepstack.object_detector", checkout / "viseron/components/deepstack/object_detector.py"
    )
    ds_face = load(
        "viseron.components.deepstack.face_recognition", checkout / "viseron/components/deepstack/face_recognition.py"
    )
    url = urlparse(base)
    frame = cv2.imread(str(image))
    vis = types.SimpleNamespace(
        camera=types.SimpleNamespace(resolution=(frame.shape[1], frame.shape[0])), min_confidence=0.5
    )
    config = {
        "host": url.hostname,
        "port": url.port,
        "api_key": ds_const.DEFAULT_API_KEY,
        "timeout": ds_const.DEFAULT_TIMEOUT,
        "object_detector": {
            "image_width": ds_const.DEFAULT_IMAGE_WIDTH,
            "image_height": ds_const.DEFAULT_IMAGE_HEIGHT,
            "custom_model": ds_const.DEFAULT_CUSTOM_MODEL,
        },
        "face_recognition": {"train": True, "min_confidence": ds_const.DEFAULT_MIN_CONFIDENCE},
    }
    print(f"  defaults: api_key={ds_const.DEFAULT_API_KEY!r} custom_model={ds_const.DEFAULT_CUSTOM_MODEL!r}")

    def detect():
        detector = ds_object.ObjectDetector(vis, config, "camera_one")
        found = detector.return_objects(detector.preprocess(frame))
        return f"{len(found)} objects {[(label, conf) for label, conf, _ in found]}"

    step("object detector, defaults", detect)
    train_dir = Path(tempfile.mkdtemp(prefix="viseron-ds-faces-"))
    try:
        for name, pictures in faces.items():
            (train_dir / name).mkdir()
            for p in pictures:
                shutil.copy(p, train_dir / name / p.name)
        config["face_recognition"]["face_recognition_path"] = str(train_dir)
        step("DeepstackTrain (delete_face urlencoded, detect, register)", lambda: ds_face.DeepstackTrain(config) and "trained")
        client = ds_face.DeepstackFace(ip=url.hostname, port=url.port, api_key=None, timeout=10)
        step("DeepstackFace.list_faces (urlencoded, api_key None)", client.list_faces)
    finally:
        shutil.rmtree(train_dir)
        sys.path.remove(str(deepstack_python))


# ── deepstack-python (Home Assistant's deepstack_object / deepstack_face) ────────────────────────────────────


def people_above_80(ds, ip, port, street: Path) -> str:
    predictions = ds.DeepstackObject(ip=ip, port=port, min_confidence=0.1).detect(jpeg_of(street))
    people = [round(p["confidence"] * 100, 1) for p in predictions if p["label"] == "person"]
    return f"{sum(1 for c in people if c > 80)} of {len(people)} people sent {people}"


def run_deepstack_python(
    checkout: Path, base: str, image: Path, face: Path, probe: Path, streets: list[Path]
) -> None:
    print(f"deepstack-python ({checkout}), as Home Assistant's deepstack_object / deepstack_face call it")
    sys.path.insert(0, str(checkout))
    for name in [n for n in sys.modules if n == "deepstack" or n.startswith("deepstack.")]:
        del sys.modules[name]
    try:
        import deepstack.core as ds

        url = urlparse(base)
        ip, port = url.hostname, url.port
        print(f"  defaults: api_key={ds.DEFAULT_API_KEY!r} min_confidence={ds.DEFAULT_MIN_CONFIDENCE}")
        objects = ds.DeepstackObject(ip=ip, port=port)
        step("DeepstackObject.detect", lambda: ds.get_objects_summary(objects.detect(jpeg_of(image))))
        for street in streets:
            # Home Assistant's deepstack_object calls detect with min_confidence 0.1 and keeps a target whose
            # confidence × 100 is above the configured confidence, 80 by default.
            step(
                f"DeepstackObject(min_confidence=0.1).detect({street.name}), people above Home Assistant's 80 %",
                lambda street=street: people_above_80(ds, ip, port, street),
            )
        custom = ds.DeepstackObject(ip=ip, port=port, custom_model="ipcam-general")
        step("DeepstackObject(custom_model='ipcam-general').detect", lambda: ds.get_objects_summary(custom.detect(jpeg_of(image))))
        faces = ds.DeepstackFace(ip=ip, port=port)
        step("DeepstackFace.register('Bernard')", lambda: faces.register("Bernard", jpeg_of(face)))
        step("DeepstackFace.recognize", lambda: ds.get_recognized_faces(faces.recognize(jpeg_of(probe))))
        if hasattr(faces, "get_registered_faces"):
            step("DeepstackFace.get_registered_faces (urlencoded)", faces.get_registered_faces)
        step("DeepstackFace.register('Someone else') with the same face", lambda: faces.register("Someone else", jpeg_of(probe)))
    finally:
        sys.path.remove(str(checkout))


# ── capture: what the clients send ──────────────────────────────────────────────────────────────────────────


def capture_server(port: int) -> None:
    """Prints each request; image bytes (anything not printable) are elided, with their length."""
    reply = json.dumps({"success": True, "predictions": [], "faces": [], "message": "face added"}).encode()

    def show(raw: bytes) -> str:
        out = []
        for piece in raw.split(b"\r\n"):
            try:
                text = piece.decode("ascii")
                out.append(text if text.isprintable() or text == "" else f"<{len(piece)} bytes>")
            except UnicodeDecodeError:
                out.append(f"<{len(piece)} bytes>")
        return "\\r\\n".join(out)

    def handle(conn: socket.socket) -> None:
        with conn:
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(65536)
            head, _, body = data.partition(b"\r\n\r\n")
            length = next(
                (int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")),
                0,
            )
            while len(body) < length:
                body += conn.recv(65536)
            print(f"    captured: {show(head)}\\r\\n\\r\\n{show(body)}")
            conn.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
                + f"Content-Length: {len(reply)}\r\n\r\n".encode()
                + reply
            )

    server = socket.create_server(("127.0.0.1", port))

    def serve() -> None:
        while True:
            conn, _ = server.accept()
            threading.Thread(target=handle, args=(conn,), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--url", help="adapter base URL, e.g. http://127.0.0.1:9100")
    target.add_argument("--capture", type=int, metavar="PORT", help="record what the clients send instead")
    parser.add_argument("--frigate", type=Path)
    parser.add_argument("--viseron", type=Path)
    parser.add_argument("--deepstack-python", type=Path, action="append", default=[])
    parser.add_argument("--codeproject-api", type=Path)
    parser.add_argument("--object-image", type=Path, required=True)
    parser.add_argument("--face-image", type=Path, action="append", required=True, help="pictures of one person")
    parser.add_argument("--face-probe", type=Path, required=True, help="another picture of that person")
    parser.add_argument("--street-image", type=Path, action="append", default=[], help="people for Home Assistant's 80 %%")
    parser.add_argument("--repeat", type=int, default=20, help="Frigate calls at its default timeout")
    args = parser.parse_args()

    base = args.url.rstrip("/") if args.url else f"http://127.0.0.1:{args.capture}"
    if args.capture:
        capture_server(args.capture)
    faces = {"Bernard": args.face_image}
    if args.frigate:
        run_frigate(args.frigate, base, args.object_image, args.repeat)
    if args.viseron and args.codeproject_api:
        sys.path.insert(0, str(args.codeproject_api))
        run_viseron(args.viseron, base, args.object_image, faces, args.face_probe)
    if args.viseron and args.deepstack_python:
        run_viseron_deepstack(args.viseron, args.deepstack_python[0], base, args.object_image, faces)
    for checkout in args.deepstack_python:
        run_deepstack_python(checkout, base, args.object_image, args.face_image[0], args.face_probe, args.street_image)


if __name__ == "__main__":
    main()
