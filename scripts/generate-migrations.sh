#!/usr/bin/env bash
# Regenerates the initial migration from the drizzle schema while no store has been released:
# drizzle-kit writes the tables, then the time-major tables are marked WITHOUT ROWID (drizzle-kit
# has no option for it) and the hand-written FTS and plans migration is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
custom=$(mktemp)
cp resources/drizzle/0001_search_and_plans.sql "$custom"
rm -rf resources/drizzle
npx drizzle-kit generate --name init >/dev/null
python3 - <<'PY'
import glob, re
f = glob.glob('resources/drizzle/0000_*.sql')[0]
s = open(f).read()
for t in ['observations', 'article_hourly', 'article_daily', 'subject_daily']:
    s, n = re.subn(r"(CREATE TABLE `%s` \(.*?\n\))(;)" % t, r"\1 WITHOUT ROWID\2", s, flags=re.S)
    assert n == 1, t
open(f, 'w').write('-- observations and aggregates are WITHOUT ROWID (added by scripts/generate-migrations.sh)\n' + s)
PY
npx drizzle-kit generate --custom --name search_and_plans >/dev/null
cp "$custom" resources/drizzle/0001_search_and_plans.sql
