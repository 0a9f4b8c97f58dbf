package dev.qrforge.safety;

/**
 * What the service read back from the pixels it delivers.
 *
 * @param zxing          whether ZXing's detector found the code and decoded it to its data
 * @param boofcv         whether BoofCV's detector, written independently of ZXing, did
 * @param boofcvEyes     whether BoofCV's detector found the three finder patterns, which it does or does not whatever
 *                       the mask (the mask changes no module of an eye or around it): without them, it reads the code
 *                       with no mask
 * @param zxingCamera    whether ZXing read the {@link CameraView} of the image too (false when neither decoder read
 *                       the delivered image, as the view is not tried then)
 * @param boofcvCamera   whether BoofCV did
 * @param moduleContrast the WCAG contrast between the ground and the weakest tenth of the dark modules, measured at
 *                       module centres on the delivered pixels, so a gradient counts where its colours actually fall;
 *                       modules under a logo are left out
 */
public record Readback(boolean zxing, boolean boofcv, boolean boofcvEyes, boolean zxingCamera,
        boolean boofcvCamera, double moduleContrast) {

    /** Whether both decoders read the delivered image. */
    public boolean verified() {
        return zxing && boofcv;
    }

    /** The same measurements, as if both decoders had read the image: what the design alone would be judged. */
    Readback asIfRead() {
        return new Readback(true, true, true, true, true, moduleContrast);
    }
}
