#!/bin/bash
d=/work/blind/r34
for r in "$@"; do rl=$(echo $r | tr A-Z a-z); n=${rl#*/}; o=${rl%%/*}; s=ok; grep -qxF "$rl" $d/used.txt && s=USED; grep -qxF "$n" $d/used-names.txt && s="$s NAME"; grep -qxF "$o" $d/excluded-orgs.txt && s="$s ORG"; grep -qi "/$n " $d/claims.txt /work/blind/r33/claims.txt 2>/dev/null && s="$s CLAIMED"; [ "$s" = ok ] && echo "$r"; done
