# source me; needs OUT set; run NAME : builds a patch of the work tree (tracked changes + new files except intentlint's own), runs check --diff, restores
IL=/work/blind/il-final20b
run() {
  new=$(git ls-files --others --exclude-standard | grep -v -x -e .intentlint.toml -e DECISIONS.md)
  [ -n "$new" ] && git add -N $new
  git diff > /tmp/r20c.patch; git reset -q
  { echo "################ $1"; sed -n '1,40p' /tmp/r20c.patch; echo "---- check --diff:"; $IL check --diff /tmp/r20c.patch; echo "exit=$?"; echo; } >> $OUT 2>&1
  git checkout -q -- . ; git clean -fdq -e .intentlint.toml -e DECISIONS.md
}
