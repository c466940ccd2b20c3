#!/bin/bash
# part B judge's runner. usage: run.sh NAME  (repo at /tmp/r14/NAME)
N=$1; R=/tmp/r14/$N; O=/work/blind/round14/partB/raw
IL() { PYTHONPATH=/work/wt-r14 /work/main/.venv/bin/python -m intentlint "$@"; }
T=$O/$N.times
tm() { local label=$1 out=$2; shift 2
  local s=$(date +%s.%N); "$@" > "$out" 2> "$out.stderr"; local rc=$?; local e=$(date +%s.%N)
  printf '%s\twall %.1f s\texit %d\n' "$label" "$(echo "$e - $s" | bc)" "$rc" >> $T
  [ -s "$out.stderr" ] || rm -f "$out.stderr"; }
echo "# $N  head $(git -C $R rev-parse HEAD)  started $(date -u +%FT%TZ)" >> $T
tm "decisions (text)" $O/$N.decisions.txt IL decisions -C $R
tm "decisions --format json" $O/$N.decisions.json IL decisions -C $R --format json
tm "decisions --status all (text)" $O/$N.decisions-all.txt IL decisions -C $R --status all
: > $O/$N.explain.txt; s=$(date +%s.%N)
for id in $(/work/main/.venv/bin/python -c "import json;d=json.load(open('$O/$N.decisions.json'));print(' '.join(r['id'] for r in d['decisions']))"); do
  echo "===== explain $id" >> $O/$N.explain.txt; IL explain "$id" -C $R >> $O/$N.explain.txt 2>&1; echo "[exit $?]" >> $O/$N.explain.txt; done
e=$(date +%s.%N); printf 'explain (every listed record)\twall %.1f s\n' "$(echo "$e - $s" | bc)" >> $T
tm "bench --suite replay --format json (default: last 300 first-parent commits)" $O/$N.json IL bench --suite replay --repo $R --format json
