#!/bin/bash
# reads repo names on stdin, prints those not in used.txt / claims.txt
while read r; do [ -z "$r" ] && continue; if ! grep -qiF -- "$r" /work/blind/used.txt /work/blind/claims.txt; then echo "$r"; fi; done
