/**
 * QR codes of a workspace: the generation API ({@code POST/GET /api/v1/qr}, {@code GET /api/v1/design-options}),
 * validation of requests and designs, logos ({@code LogoReader}, kept once per workspace by {@code WorkspaceLogos}),
 * {@code CodeGenerator} (render, verify, choose the mask, cost), restyling, design templates
 * ({@code /api/v1/templates}; {@code TemplateReader} applies one to a request's design), the stored codes with their
 * labels ({@code Labels}: title and tags) and filtered listings, and deletion, which it announces ({@code CodeDeleted})
 * to the features built on a code within the deleting transaction. Other features use
 * {@code QrCodes} and its records ({@code QrView}, {@code StoredCode}), never the {@code QrCode} entity.
 */
package dev.qrforge.qr;
