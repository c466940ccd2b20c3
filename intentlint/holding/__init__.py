"""What holds: every source mined at a point of history (with its caches), verified
for supersession and revocation into the ledger; the workspace the commands run in.
"""
