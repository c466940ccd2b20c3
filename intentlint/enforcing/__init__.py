"""Enforcing: the staged diff, code without comments, the checks in force, waivers,
which scope wins for a file, and the hook's cached plan.
"""
