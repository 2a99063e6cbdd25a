#!/usr/bin/env python3
"""Bulk TCP transfer for the capture fixtures.

  bulk.py recv PORT [FAMILY]          listen, read to EOF, print bytes read
  bulk.py send HOST PORT CC BYTES     connect with congestion control CC, send BYTES, close
"""
import socket
import sys


def recv(port: int, family: int) -> None:
    srv = socket.socket(family, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("::" if family == socket.AF_INET6 else "0.0.0.0", port))
    srv.listen(1)
    conn, _ = srv.accept()
    total = 0
    while True:
        b = conn.recv(65536)
        if not b:
            break
        total += len(b)
    conn.close()
    print(total)


def send(host: str, port: int, cc: str, nbytes: int) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    s = socket.socket(family, socket.SOCK_STREAM)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_CONGESTION, cc.encode())
    s.connect((host, port))
    block = bytes(nbytes)
    s.sendall(block)
    s.shutdown(socket.SHUT_WR)
    s.recv(1)  # wait for the receiver's FIN
    s.close()


if __name__ == "__main__":
    if sys.argv[1] == "recv":
        fam = socket.AF_INET6 if len(sys.argv) > 3 and sys.argv[3] == "6" else socket.AF_INET
        recv(int(sys.argv[2]), fam)
    else:
        send(sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5]))
