#!/usr/bin/python3
"""Fits the scan-safety verdict's penalties on the training half of the calibration grid.

Reads target/calibration/cases.csv (written by ScannabilityCalibrationTest) and uses only the rows with held_out = 0.
The truth is the decoder panel's: a code scans when at least two of zbar, zxing-cpp and WeChat read it as delivered
and in the camera view, and fails when at most one reads it as delivered. Logistic regressions of "does not scan" and
of "fails" on the signals the service measures, with every weight held at zero or above (each signal can only cost
points), say how much each signal predicts trouble; the weights are scaled into points, then adjusted one signal at a
time, so that the verdict's bands (RISKY below 50, OPTIMAL from 80) meet the suite's targets on the training half
with a margin. Prints each signal's points, which SafetyAssessor's constants take, and the training half's figures.

Usage: src/test/scripts/fit-verdict.py [target/calibration/cases.csv]
"""
import csv
import sys

import numpy as np

ROUND_FRAMES = {"circle", "leaf", "extra-rounded"}


def outlined(r):
    """Eyes whose frame our two decoders' finder searches were not written for: strongly rounded or dotted."""
    return r["frame"] in ROUND_FRAMES or r["frame"] == "dots"

BUSY_LOGO = 1.1

# Each signal as the service sees it: a name (SafetyAssessor's constant) and whether a code has it.
SIGNALS = [
    ("ZXING_UNREAD", lambda r: not r["zxing"] and not outlined(r)),
    ("BOOFCV_UNREAD", lambda r: not r["boofcv"] and not outlined(r)),
    ("ZXING_UNREAD_SHAPED_EYES", lambda r: not r["zxing"] and outlined(r)),
    ("BOOFCV_UNREAD_SHAPED_EYES", lambda r: not r["boofcv"] and outlined(r)),
    ("CAMERA_VIEW_UNREAD", lambda r: r["zxing_camera"] + r["boofcv_camera"] == 0),
    ("CAMERA_VIEW_HALF_READ", lambda r: r["zxing_camera"] + r["boofcv_camera"] == 1),
    ("CONTRAST_BELOW_1_5", lambda r: r["contrast"] < 1.5),
    ("CONTRAST_BELOW_2", lambda r: r["contrast"] < 2),
    ("CONTRAST_BELOW_3", lambda r: r["contrast"] < 3),
    ("CONTRAST_BELOW_4_5", lambda r: r["contrast"] < 4.5),
    ("INVERTED", lambda r: r["inverted"]),
    ("NO_QUIET_ZONE", lambda r: r["margin"] == 0),
    ("THIN_QUIET_ZONE", lambda r: r["margin"] < 2),
    ("QUIET_ZONE_BELOW_4", lambda r: r["margin"] < 4),
    ("VERSION_ABOVE_10", lambda r: r["version"] > 10),
    ("VERSION_ABOVE_25", lambda r: r["version"] > 25),
    ("MODULE_BELOW_2_PX", lambda r: r["module_pixels"] < 2),
    ("MODULE_BELOW_4_PX", lambda r: r["module_pixels"] < 4),
    ("MODULE_BELOW_6_PX", lambda r: r["module_pixels"] < 6),
    ("ROUND_EYE_FRAME", lambda r: r["frame"] in ROUND_FRAMES),
    ("DOTTED_EYE_FRAME", lambda r: r["frame"] == "dots"),
    ("DOTTED_EYE_BALL", lambda r: r["ball"] == "dots"),
    ("LOGO_OVER_HALF_BUDGET", lambda r: r["logo_coverage"] > 0.5 * r["logo_budget"]),
    ("LOGO_OVER_BUDGET", lambda r: r["logo_coverage"] > r["logo_budget"]),
    ("BUSY_LOGO", lambda r: r["logo_busyness"] >= BUSY_LOGO),
    ("BUSY_LOGO_OVER_MODULES", lambda r: r["logo_busyness"] >= BUSY_LOGO and not r["logo_clear"]),
    ("FINDER_LIKE_LOGO", lambda r: r["logo_finder_like"]),
    ("TRANSPARENT", lambda r: r["transparent"]),
]

TEXT = {"status", "error_correction", "body", "frame", "ball", "logo"}


def load(path):
    rows = []
    with open(path, newline="") as f:
        for raw in csv.DictReader(f):
            r = {k: (v if k in TEXT else float(v)) for k, v in raw.items()}
            delivered = r["zbar"] + r["zxing_cpp"] + r["wechat"]
            camera = r["zbar_camera"] + r["zxing_cpp_camera"] + r["wechat_camera"]
            r["fails"] = delivered < 2
            r["scans"] = delivered >= 2 and camera >= 2
            rows.append(r)
    return rows


def fit(x, y, l2=1e-3, steps=20000, rate=0.5):
    """Logistic regression of y on x with every weight but the intercept kept at zero or above."""
    n, k = x.shape
    w = np.zeros(k)
    b = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ w + b)))
        grad = x.T @ (p - y) / n + l2 * w
        w = np.maximum(0, w - rate * grad)
        b -= rate * np.mean(p - y)
    return w, b


def figures(rows, score):
    risky = [r for r, s in zip(rows, score) if s < 50]
    optimal = [r for r, s in zip(rows, score) if s >= 80]
    failing = [(r, s) for r, s in zip(rows, score) if r["fails"]]
    large = [r for r in optimal if r["module_pixels"] >= 6]
    ordinary = [(r, s) for r, s in zip(rows, score) if r["ordinary"]]
    share = lambda part, whole: len(part) / len(whole) if whole else 0
    return {
        "optimal_failing": sum(r["fails"] for r in optimal),
        "optimal_scan": share([r for r in large if r["scans"]], large),
        "failures_risky": share([1 for r, s in failing if s < 50], failing),
        "risky_scanning": share([r for r in risky if r["scans"]], risky),
        "ordinary_optimal": share([1 for r, s in ordinary if s >= 80], ordinary),
        "risky": share(risky, rows),
        "optimal": share(optimal, rows),
    }


def slack(f):
    """How far the figures clear the targets (negative when one is missed); -1 for an OPTIMAL code that fails."""
    if f["optimal_failing"] > 0:
        return -1
    return min(f["optimal_scan"] - 0.95, f["failures_risky"] - 0.9, 0.1 - f["risky_scanning"],
               f["ordinary_optimal"] - 0.9)


def objective(f):
    """The margin to the targets, up to 0.04 (past it, a wider one is no better), then fewer RISKY, more OPTIMAL."""
    margin = slack(f)
    if margin < 0:
        return margin - 1
    return min(margin, 0.04) + 0.02 * (f["optimal"] - f["risky"]) + (0 if margin >= 0.03 else margin)


def main():
    rows = [r for r in load(sys.argv[1] if len(sys.argv) > 1 else "target/calibration/cases.csv")
            if not r["held_out"]]
    x = np.array([[1.0 if has(r) else 0.0 for _, has in SIGNALS] for r in rows])
    not_scanning = np.array([0.0 if r["scans"] else 1.0 for r in rows])
    failing = np.array([1.0 if r["fails"] else 0.0 for r in rows])
    # Two regressions: what predicts a code that does not scan (RISKY's side of the bands) and what predicts one
    # that fails outright (OPTIMAL's side). A signal costs the larger of its two weights, each scaled into points.
    w_scan, _ = fit(x, not_scanning)
    w_fail, _ = fit(x, failing)
    score = lambda points: 100 - x @ points
    best = None
    for scan_scale in np.arange(4, 30, 1.0):
        for fail_scale in np.arange(0, 40, 1.0):
            points = np.maximum(np.round(w_scan * scan_scale), np.round(w_fail * fail_scale))
            value = objective(figures(rows, score(points)))
            if best is None or value > best[0]:
                best = (value, points)
    value, points = best
    # Then each signal's points in turn, 0 to 60, keeping a change only when it widens the margin.
    for _ in range(3):
        for i in range(len(points)):
            for candidate in range(61):
                trial = points.copy()
                trial[i] = candidate
                trial_value = objective(figures(rows, score(trial)))
                if trial_value > value + 1e-9:
                    value, points = trial_value, trial
    f = figures(rows, score(points))
    print(f"training rows: {len(rows)}")
    print(f"{'signal':26s} {'logit (not scanning)':>20s} {'logit (failing)':>15s} {'points':>6s} {'codes':>6s}"
          f" {'not scanning':>12s}")
    for (name, _), ws, wf, point, column in zip(SIGNALS, w_scan, w_fail, points, x.T):
        having = column > 0
        print(f"{name:26s} {ws:20.2f} {wf:15.2f} {int(point):6d} {int(having.sum()):6d} "
              f"{(not_scanning[having].mean() if having.any() else 0):12.2f}")
    for key, figure in f.items():
        print(f"{key:18s} {figure:.3f}" if isinstance(figure, float) else f"{key:18s} {figure}")
    print("meets every target on the training half:", slack(f) >= 0)


if __name__ == "__main__":
    main()
