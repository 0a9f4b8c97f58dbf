/**
 * Images clients send, logos and backgrounds: recognised by their content, limited in bytes and pixels before a
 * pixel is decoded, and SVG checked to refer to nothing outside itself before Batik draws it with scripts and
 * external resources switched off.
 */
package dev.qrforge.images;
