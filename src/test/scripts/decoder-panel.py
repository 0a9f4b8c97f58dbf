#!/usr/bin/python3
"""The calibration suite's panel of independent QR decoders: zbar, zxing-cpp and OpenCV's WeChat detector.

None of them is embedded in the service, so their reads are the truth its verdict is calibrated against. Each is the
Debian package's build used as an app would use it: zbar through zbarimg (zbar-tools), zxing-cpp with its defaults
(python3-zxing-cpp), and cv2.wechat_qrcode_WeChatQRCode without its CNN models (python3-opencv; Debian builds OpenCV
without quirc, so the plain QRCodeDetector cannot decode).

Reads from stdin lines of "<png path>\t<expected text>"; writes to stdout, in the same order,
"<png path>\t<zbar>\t<zxing-cpp>\t<wechat>", each 1 when that decoder read exactly the expected text, else 0.
"""
import multiprocessing
import os
import re
import subprocess
import sys

import cv2
import zxingcpp

# zbarimg takes many files per run; a chunk keeps the command line short and spreads the work over the cores.
CHUNK = 40
ZBAR_SOURCE = re.compile(r"<source href='([^']*)'>(.*?)</source>", re.S)
ZBAR_DATA = re.compile(r"<data><!\[CDATA\[(.*?)\]\]></data>", re.S)

_wechat = None


def _zbar(paths):
    run = subprocess.run(["zbarimg", "--xml", "-q", "-Sdisable", "-Sqrcode.enable", *paths],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
    xml = run.stdout.decode("utf-8", "replace")
    return {m.group(1): ZBAR_DATA.findall(m.group(2)) for m in ZBAR_SOURCE.finditer(xml)}


def _chunk(items):
    global _wechat
    if _wechat is None:
        _wechat = cv2.wechat_qrcode_WeChatQRCode()
    zbar = _zbar([path for path, _ in items])
    rows = []
    for path, expected in items:
        grey = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
        zx = any(r.text == expected for r in zxingcpp.read_barcodes(grey, formats=zxingcpp.BarcodeFormat.QRCode))
        texts, _ = _wechat.detectAndDecode(grey)
        rows.append((path, expected in zbar.get(path, []), zx, expected in texts))
    return rows


def main():
    items = [tuple(line.rstrip("\n").split("\t", 1)) for line in sys.stdin if line.strip()]
    chunks = [items[i:i + CHUNK] for i in range(0, len(items), CHUNK)]
    with multiprocessing.Pool(int(os.environ.get("PANEL_WORKERS", os.cpu_count() or 1))) as pool:
        for rows in pool.imap(_chunk, chunks):
            for path, *reads in rows:
                print(path, *(int(r) for r in reads), sep="\t")


if __name__ == "__main__":
    main()
