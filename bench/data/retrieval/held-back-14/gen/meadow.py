import sys; sys.path.insert(0, "/work/blind/ret14/gen")
from gen import dump
import subprocess
g="/work/.mirror/nulib+meadow/repo"
d="doc/architecture/decisions"
files = [f.split("/")[-1] for f in subprocess.run(["git","--git-dir",g,"ls-tree","--name-only","HEAD",d+"/"],capture_output=True,text=True).stdout.split()]
A = {f[:4]: f for f in files if not f.startswith("0024")}
A["0024i"] = "0024-iiif-manifests.md"; A["0024v"] = "0024-version-management.md"
def a(*ks): return [A[k] for k in ks]
tasks = [
 dict(text="Another university system needs to pull work and collection metadata out of the repository application. Add what it needs to call and document it for the outside developers.",
      expected=a("0013"), stale=a("0004","0008"),
      why="0013 (Accepted, supersedes 0004): the API is GraphQL (absinthe, absinthe_plug, absinthe_phoenix in app/mix.exs; schema under lib/meadow_web/schema); 0004 chose REST documented with OpenAPI and is marked superseded; 0008 adopted open_api_spex for that REST API, which is no longer a dependency"),
 dict(text="Add a charting library to the front end and the JavaScript dependencies of a new Lambda function, and update the lockfiles, CI and the Docker build to match.",
      expected=a("0030"), stale=a("0011","0029"),
      why="0030 (Accepted): bun installs, runs frontend tests and packages Lambdas, with bun.lock committed and the version pinned in .tool-versions (app/Dockerfile bun install, app/assets/bun.lock, dependabot package-ecosystem bun); 0011 (yarn) was superseded by 0029 (npm), which 0030 supersedes"),
 dict(text="Add a panel to the work page that lists the results of preservation checks for each file, looking like the panels already on that page.",
      expected=a("0025"), stale=a("0009"),
      why="0025 (Accepted): components live under assets/js/components/<Area>/ and the directory gives the name (components/Work/ListItem.jsx, CardItem.jsx, exported as WorkListItem etc.); 0009 chose Tailwind, but the UI is built on Bulma (package.json bulma, bulma-switch, bulma-toast) and Tailwind is not a dependency"),
 dict(text="Administrators want to grant and revoke editing rights for individual staff members from a screen in the application, instead of asking IT to change group memberships.",
      expected=a("0013","0019"), stale=a("0014"),
      why="roles are now rows in Meadow's own database consulted after a directory lookup (accounts/user.ex Accounts.get_role, accounts/directory.ex; commit 'Remove LDAP in favor of directory search + database', June 2025), changed through GraphQL mutations (0013) with the schema placed per 0019's schemas/ layout; 0014's mapping of Active Directory groups to privileges was removed"),
 dict(text="Extend the preservation report so that it also recomputes the checksums of the copies held in the long-term storage bucket and records each result against its file set; the job has to work out each copy's key in that bucket.",
      expected=a("0017"), stale=a("0018","0028"),
      why="0017 (Accepted): preservation steps run as ingest pipeline actions that copy files to the preservation bucket and record outcomes (pipeline/actions/copy_file_to_preservation.ex, ActionStates.set_state!, data/preservation_checks.ex); 0018 (ULID pairtree + sha256 leaf) and 0028 (sha256 pairtree) both describe keys the code no longer builds - FileSets.preservation_location uses Pairtree.preservation_path(file_set.id), a pairtree of the file set UUID"),
 dict(text="Curators report that the IIIF link shown for some works points at an old bucket location. Make every work expose the right manifest address to the public site and to the staff interface.",
      expected=a("0021"), stale=a("0022","0024i"),
      why="manifests are now served by the DC API (commit 'Integrate DC API, remove Meadow manifest generation', 2023) and Meadow only indexes their address into the work document (indexing/v2/work.ex manifest_id = api_url/works/<id>?as=iiif), so 0021's indexing decision governs (published flag, backend search proxy; the shared Donut `common` index has since become per-model dc-v2 indexes); 0022 and 0024 describe Meadow writing manifests into the pyramids bucket's public/ folder, which no longer happens (only iiif_manifest_url_deprecated remains)"),
 dict(text="A CSV batch update covering tens of thousands of works stops halfway when the container is replaced during a deploy. Make it resume safely and not apply rows twice.",
      expected=a("0026"),
      why="0026 (Accepted): record the work to do atomically, process it in small transactional pieces from a GenServer, and sweep stalled items back to pending; data/csv/metadata_update_jobs.ex follows it (pending/processing statuses, reset_stalled)"),
 dict(text="Show ingest sheet validation and ingest progress live in the browser, without the page polling the server.",
      expected=a("0012"),
      why="0012 (Accepted): real-time updates go over WebSockets via Phoenix Channels (lib/meadow_web/channels/user_socket.ex, graphql_ws_socket.ex, absinthe_phoenix subscriptions); its consequence that a TCP load balancer is needed is out of date - infrastructure/deploy/ecs.tf uses an application load balancer"),
 dict(text="Add an ingest step that runs OCR on every image file set once its derivatives exist, and records whether that step succeeded or failed for each file.",
      expected=a("0016","0017"),
      why="0016 (Accepted): ingest is a message-driven chain of small idempotent actions (pipeline/actions/*.ex on Broadway SQS in pipeline/action.ex, doc/architecture/specs/ingest_pipeline.md; the SNS topics of the spec were later dropped); 0017: each action records its outcome on the file set (ActionStates) as part of the preservation-first approach"),
 dict(text="Add a project record that groups works, with its own table, validations and create/update functions, and let works point at it.",
      expected=a("0015","0019","0023"), stale=a("0002"),
      why="0015 + 0019: schema modules sit in data/schemas/ with a flat context per resource and Repo used only there (lib/meadow/data/schemas/*.ex, data/works.ex, data/collections.ex); 0023: primary keys are UUIDs (@primary_key {:id, Ecto.UUID, ...} in schemas/work.ex); 0002's ULIDs were superseded by 0023"),
 dict(text="A release removes a field from the GraphQL schema. Decide how the version number should change, and make sure the released build is tagged without anyone running commands on their laptop.",
      expected=a("0027"), stale=a("0024v"),
      why="0027 (Accepted): semantic version rules for @app_version in app/mix.exs, and CI tags the revision after deploying (.github/workflows/deploy.yml 'Tag Meadow Release', next_version.yml bumps the patch); 0024's manual `mix meadow.version` + `git push --tags` process is superseded by 0027, even though Mix.Tasks.Meadow.Version still exists"),
 dict(text="Errors raised in the background ingest workers and in the React front end should reach the team's error tracker, tagged with the revision that is deployed.",
      expected=a("0006"),
      why="0006 (Accepted): errors go to Honeybadger ({:honeybadger, ...} in app/mix.exs with the revision set in config/config.exs; @honeybadger-io/js and @honeybadger-io/react in app/assets/package.json)"),
]
dump("/work/blind/ret14/nulib__meadow.toml", "nulib/meadow", "2a88214dad1036f259e4ece52abd7f549f85a8c9", d, "meadow", tasks)
