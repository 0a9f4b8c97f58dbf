package dev.qrforge.render;

/**
 * Writes outlines as SVG path data with relative commands, which keep the numbers small, and the one-axis forms
 * {@code h}/{@code v} wherever a line is axis-parallel, as module outlines nearly always are.
 */
final class SvgPathWriter implements OutlineSink {

    private final StringBuilder out;
    private double currentX;
    private double currentY;
    private double startX;
    private double startY;

    SvgPathWriter(StringBuilder out) {
        this.out = out;
    }

    @Override
    public void moveTo(double x, double y) {
        // Relative even for the first move: SVG reads an initial "m" as absolute, and later ones stay short.
        out.append('m');
        number(x - currentX);
        number(y - currentY);
        currentX = startX = x;
        currentY = startY = y;
    }

    @Override
    public void lineTo(double x, double y) {
        if (x == currentX && y == currentY) {
            return;
        }
        if (y == currentY) {
            out.append('h');
            number(x - currentX);
        } else if (x == currentX) {
            out.append('v');
            number(y - currentY);
        } else {
            out.append('l');
            number(x - currentX);
            number(y - currentY);
        }
        currentX = x;
        currentY = y;
    }

    @Override
    public void roundTo(double cornerX, double cornerY, double x, double y) {
        // A quarter arc spans its radii exactly; it turns clockwise (sweep 1 in SVG's y-down space) where the outline
        // turns right at the corner, which the sign of the cross product tells.
        double turn = (cornerX - currentX) * (y - cornerY) - (cornerY - currentY) * (x - cornerX);
        out.append('a');
        number(Math.abs(x - currentX));
        number(Math.abs(y - currentY));
        out.append(turn > 0 ? " 0 0 1" : " 0 0 0");
        number(x - currentX);
        number(y - currentY);
        currentX = x;
        currentY = y;
    }

    @Override
    public void curveTo(double x1, double y1, double x2, double y2, double x, double y) {
        out.append('c');
        number(x1 - currentX);
        number(y1 - currentY);
        number(x2 - currentX);
        number(y2 - currentY);
        number(x - currentX);
        number(y - currentY);
        currentX = x;
        currentY = y;
    }

    @Override
    public void close() {
        out.append('z');
        currentX = startX;
        currentY = startY;
    }

    /** Appends a number, separated from a preceding number only where the grammar needs it (not before a minus). */
    private void number(double value) {
        long scaled = SvgNumbers.scaled(value);
        char previous = out.charAt(out.length() - 1);
        boolean previousEndsNumber = previous >= '0' && previous <= '9' || previous == '.';
        if (previousEndsNumber && scaled >= 0) {
            out.append(' ');
        }
        SvgNumbers.appendScaled(out, scaled);
    }
}
