package dev.qrforge.qr;

/** How a file states its colours: sRGB, or CMYK inks (PDF and EPS only). */
public enum ColorSpace {
    RGB,
    CMYK
}
