"""The prior's weights per family (engine/domino/ai/prior.py), in the order of
``FEATURES``. Written by ``python -m scripts.fit_prior --rounds 60 --seed 1``:

- block_draw: 58493 examples, held-out log loss 0.5964 (the sampler alone 0.6030), 95 s
- threes: 30936 examples, held-out log loss 0.4952 (the sampler alone 0.5003), 138 s
"""

WEIGHTS: dict[str, tuple[float, ...]] = {
    "block_draw": (
        0.0654, -0.0058, -0.7293, 0.295, -0.0006, -0.0085, -0.1457, 0.0083, -0.0819, -0.0113,
    ),
    "threes": (
        0.1951, -0.0972, -0.5837, 0.2938, -0.3513, -0.0412, -0.3051, 0.0749, 0.1539, 0.0125,
    ),
}
