"""Reading decisions: rule packs (what they say, how they are loaded and validated,
a decision's own checks) and the recognition of prose with polarity.
"""
