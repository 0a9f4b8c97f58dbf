/**
 * QR codes of a workspace: the generation API ({@code POST/GET /api/v1/qr}), validation of requests and designs,
 * {@code CodeGenerator} (render, verify, cost), and the stored codes. Other features use {@code QrCodes} and its
 * records ({@code QrView}, {@code StoredCode}), never the {@code QrCode} entity.
 */
package dev.qrforge.qr;
