"""An RTSP reader that stops reading once it plays (restream tests): a tiny receive buffer, so the server's
packets back up in the server at once instead of filling megabytes of kernel buffers first.

usage: stalled_rtsp_reader.py <port> <path> <user> <password>; prints "playing" once PLAY is answered."""
import base64
import socket
import sys
import time

port, path, user, password = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
uri = f"rtsp://127.0.0.1:{port}{path}"
auth = base64.b64encode(f"{user}:{password}".encode()).decode()
sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
# A small segment size keeps the server's send buffer small too (it grows with the segment size).
sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 536)
sock.connect(("127.0.0.1", int(port)))
buffer = b""


def request(lines):
    global buffer
    sock.sendall(("\r\n".join(lines) + f"\r\nAuthorization: Basic {auth}\r\n\r\n").encode())
    while b"\r\n\r\n" not in buffer:
        buffer += sock.recv(4096)
    head, buffer = buffer.split(b"\r\n\r\n", 1)
    headers = dict(
        (line.split(":", 1)[0].lower(), line.split(":", 1)[1].strip())
        for line in head.decode().split("\r\n")[1:]
    )
    length = int(headers.get("content-length", "0"))
    while len(buffer) < length:
        buffer += sock.recv(4096)
    buffer = buffer[length:]
    status = int(head.split(b" ")[1])
    if status != 200:
        sys.exit(f"{lines[0]}: {status}")
    return headers


request([f"DESCRIBE {uri} RTSP/1.0", "CSeq: 1"])
session = request(
    [f"SETUP {uri}/trackID=0 RTSP/1.0", "CSeq: 2", "Transport: RTP/AVP/TCP;unicast;interleaved=0-1"]
)["session"].split(";")[0]
request([f"PLAY {uri}/ RTSP/1.0", "CSeq: 3", f"Session: {session}"])
print("playing", flush=True)
time.sleep(600)
