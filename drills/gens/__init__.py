"""One module per drill type; each exposes ``generate(rules, rng, difficulty) -> Draft``."""
