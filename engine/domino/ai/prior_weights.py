"""The prior's weights per family (engine/domino/ai/prior.py), in the order of
``FEATURES``. Written by ``python -m scripts.fit_prior --rounds 6 --seed 1``:

- block_draw: 5753 examples, held-out log loss 0.6142 (the sampler alone 0.6231), 14 s
- threes: 2988 examples, held-out log loss 0.5626 (the sampler alone 0.5644), 11 s
"""

WEIGHTS: dict[str, tuple[float, ...]] = {
    "block_draw": (0.1811, -0.0992, -0.7722, 0.2134, 0.0547, -0.0196, -0.5126, 0.1633, 0.2784, 0.0153),
    "threes": (0.1033, 0.029, -0.4682, 0.1148, -0.3905, -0.0458, -0.1565, -0.0486, 0.207, 0.1846),
}
