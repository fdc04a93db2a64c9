package main

import (
	"bytes"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/kb"
)

// k8sDoc is one YAML document of deploy/k8s.
type k8sDoc struct {
	file string
	m    map[string]any
}

func (d k8sDoc) kind() string { return yamlStr(d.m["kind"]) }
func (d k8sDoc) name() string { return yamlStr(yamlDig(d.m, "metadata", "name")) }
func (d k8sDoc) String() string {
	return fmt.Sprintf("%s %s/%s", d.file, d.kind(), d.name())
}

// yamlDig walks nested maps by key.
func yamlDig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func yamlStr(v any) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

func yamlList(v any) []any {
	l, _ := v.([]any)
	return l
}

// loadK8s parses every document of every YAML file in deploy/k8s.
func loadK8s(t *testing.T) (docs []k8sDoc, kustomization map[string]any, files []string) {
	t.Helper()
	dir := filepath.Join(testutil.RepoRoot(t), "deploy", "k8s")
	paths, err := filepath.Glob(filepath.Join(dir, "*.y*ml"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no manifests in %s: %v", dir, err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(p)
		dec := yaml.NewDecoder(bytes.NewReader(b))
		n := 0
		for {
			var m map[string]any
			err := dec.Decode(&m)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: document %d does not parse: %v", base, n+1, err)
			}
			n++
			if m == nil {
				continue
			}
			if base == "kustomization.yaml" {
				kustomization = m
				continue
			}
			docs = append(docs, k8sDoc{file: base, m: m})
		}
		if base != "kustomization.yaml" {
			files = append(files, base)
		}
	}
	if kustomization == nil {
		t.Fatal("deploy/k8s has no kustomization.yaml")
	}
	return docs, kustomization, files
}

// k8sPodSpec returns the pod template spec of a workload, or nil.
func k8sPodSpec(d k8sDoc) map[string]any {
	var v any
	switch d.kind() {
	case "Deployment", "StatefulSet", "DaemonSet", "Job":
		v = yamlDig(d.m, "spec", "template", "spec")
	case "CronJob":
		v = yamlDig(d.m, "spec", "jobTemplate", "spec", "template", "spec")
	}
	m, _ := v.(map[string]any)
	return m
}

func TestK8sManifests(t *testing.T) {
	t.Parallel()
	docs, kust, files := loadK8s(t)

	t.Run("kustomization lists every file", func(t *testing.T) {
		var res []string
		for _, r := range yamlList(kust["resources"]) {
			res = append(res, yamlStr(r))
		}
		sort.Strings(res)
		sort.Strings(files)
		if !slices.Equal(res, files) {
			t.Errorf("kustomization resources %v, files %v", res, files)
		}
	})

	t.Run("kustomize renders", func(t *testing.T) {
		kubectl, err := exec.LookPath("kubectl")
		if err != nil {
			t.Skip("no kubectl")
		}
		out, err := exec.Command(kubectl, "kustomize", filepath.Join(testutil.RepoRoot(t), "deploy", "k8s")).Output()
		if err != nil {
			t.Fatalf("kubectl kustomize: %v", err)
		}
		want := len(docs)
		if got := bytes.Count(out, []byte("\nkind: ")) + btoi(bytes.HasPrefix(out, []byte("kind: "))); got != want {
			t.Errorf("kustomize rendered %d objects, the files hold %d", got, want)
		}
		if !bytes.Contains(out, []byte("image: ghcr.io/example/arbiter:0.1.0")) || !bytes.Contains(out, []byte("namespace: arbiter")) {
			t.Errorf("kustomize did not set the image and namespace:\n%.2000s", out)
		}
	})

	t.Run("every document names itself", func(t *testing.T) {
		for _, d := range docs {
			if yamlStr(d.m["apiVersion"]) == "" || d.kind() == "" || d.name() == "" {
				t.Errorf("%s: missing apiVersion, kind or metadata.name", d)
			}
		}
	})

	byKind := map[string][]k8sDoc{}
	for _, d := range docs {
		byKind[d.kind()] = append(byKind[d.kind()], d)
	}
	t.Run("required kinds", func(t *testing.T) {
		for _, k := range []string{"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "StatefulSet", "CronJob", "ConfigMap", "PersistentVolumeClaim", "NetworkPolicy"} {
			if len(byKind[k]) == 0 {
				t.Errorf("no %s", k)
			}
		}
	})

	images := map[string]bool{}
	for _, im := range yamlList(kust["images"]) {
		tag := yamlStr(yamlDig(im, "newTag"))
		if tag == "" || tag == "latest" {
			t.Errorf("kustomization image %v: pin a tag", im)
		}
		images[yamlStr(yamlDig(im, "name"))] = true
	}

	for _, d := range docs {
		spec := k8sPodSpec(d)
		if spec == nil {
			continue
		}
		t.Run("workload "+d.kind()+" "+d.name(), func(t *testing.T) {
			if yamlDig(spec, "securityContext", "runAsNonRoot") != true {
				t.Error("pod securityContext.runAsNonRoot is not true")
			}
			if yamlDig(spec, "automountServiceAccountToken") != false {
				t.Error("the pod mounts a service account token it does not need")
			}
			containers := yamlList(spec["containers"])
			if len(containers) == 0 {
				t.Fatal("no containers")
			}
			serving := d.kind() == "Deployment" || d.kind() == "StatefulSet"
			for _, c := range containers {
				name := yamlStr(yamlDig(c, "name"))
				if im := yamlStr(yamlDig(c, "image")); im == "" || !images[im] {
					t.Errorf("container %s: image %q is not set by the kustomization's images", name, im)
				}
				sc := yamlDig(c, "securityContext")
				if yamlDig(sc, "readOnlyRootFilesystem") != true || yamlDig(sc, "allowPrivilegeEscalation") != false || yamlDig(sc, "runAsNonRoot") != true {
					t.Errorf("container %s: securityContext %v", name, sc)
				}
				if !slices.Contains(yamlList(yamlDig(sc, "capabilities", "drop")), any("ALL")) {
					t.Errorf("container %s does not drop all capabilities", name)
				}
				for _, r := range []string{"cpu", "memory"} {
					if yamlStr(yamlDig(c, "resources", "requests", r)) == "" {
						t.Errorf("container %s: no %s request", name, r)
					}
				}
				if yamlStr(yamlDig(c, "resources", "limits", "memory")) == "" {
					t.Errorf("container %s: no memory limit", name)
				}
				if serving {
					if p := yamlStr(yamlDig(c, "readinessProbe", "httpGet", "path")); p != "/readyz" {
						t.Errorf("container %s: readiness probe on %q", name, p)
					}
					if p := yamlStr(yamlDig(c, "livenessProbe", "httpGet", "path")); p != "/healthz" {
						t.Errorf("container %s: liveness probe on %q", name, p)
					}
					if args := yamlList(yamlDig(c, "args")); len(args) == 0 || args[0] != "serve" {
						t.Errorf("container %s: args %v, want serve", name, args)
					}
				}
				for _, e := range yamlList(yamlDig(c, "env")) {
					n := yamlStr(yamlDig(e, "name"))
					if k8sSecretName(n) && (yamlDig(e, "value") != nil || yamlDig(e, "valueFrom", "secretKeyRef", "name") == nil) {
						t.Errorf("container %s: %s must come from a Secret, not a value", name, n)
					}
				}
			}
		})
	}

	t.Run("no secret values", func(t *testing.T) {
		for _, d := range docs {
			if d.kind() == "Secret" {
				t.Errorf("%s: Secrets are created outside the manifests", d)
			}
			if d.kind() == "ConfigMap" {
				for k := range yamlDig(d.m, "data").(map[string]any) {
					if k8sSecretName(k) {
						t.Errorf("%s holds %s", d, k)
					}
				}
			}
		}
	})

	t.Run("wiring", func(t *testing.T) {
		dep := byKind["Deployment"][0]
		podLabels := yamlDig(dep.m, "spec", "template", "metadata", "labels").(map[string]any)
		matches := func(sel any) bool {
			m, ok := sel.(map[string]any)
			if !ok || len(m) == 0 {
				return false
			}
			for k, v := range m {
				if podLabels[k] != v {
					return false
				}
			}
			return true
		}
		for _, s := range byKind["Service"] {
			if s.name() == dep.name() && !matches(yamlDig(s.m, "spec", "selector")) {
				t.Errorf("%s does not select the Deployment's pods", s)
			}
		}
		hpa := byKind["HorizontalPodAutoscaler"][0]
		if yamlStr(yamlDig(hpa.m, "spec", "scaleTargetRef", "kind")) != "Deployment" || yamlStr(yamlDig(hpa.m, "spec", "scaleTargetRef", "name")) != dep.name() {
			t.Errorf("%s does not scale %s", hpa, dep)
		}
		found := false
		for _, p := range byKind["PodDisruptionBudget"] {
			found = found || matches(yamlDig(p.m, "spec", "selector", "matchLabels"))
		}
		if !found {
			t.Error("no PodDisruptionBudget covers the Deployment's pods")
		}
		sts := byKind["StatefulSet"][0]
		var shardFromOrdinal bool
		for _, c := range yamlList(yamlDig(k8sPodSpec(sts), "containers")) {
			for _, e := range yamlList(yamlDig(c, "env")) {
				if yamlStr(yamlDig(e, "name")) == "DISCORD_SHARD_ID" &&
					yamlStr(yamlDig(e, "valueFrom", "fieldRef", "fieldPath")) == "metadata.labels['apps.kubernetes.io/pod-index']" {
					shardFromOrdinal = true
				}
			}
		}
		if !shardFromOrdinal {
			t.Errorf("%s: DISCORD_SHARD_ID does not come from the pod ordinal", sts)
		}
		count := yamlStr(yamlDig(byKind["ConfigMap"][0].m, "data", "DISCORD_SHARD_COUNT"))
		if count == "" || count != yamlStr(yamlDig(sts.m, "spec", "replicas")) {
			t.Errorf("DISCORD_SHARD_COUNT %q differs from the StatefulSet's replicas %v", count, yamlDig(sts.m, "spec", "replicas"))
		}
		cj := byKind["CronJob"][0]
		c := yamlList(yamlDig(k8sPodSpec(cj), "containers"))[0]
		args := yamlList(yamlDig(c, "args"))
		if len(args) < 2 || args[0] != "kb" || args[1] != "update" || !slices.Contains(args, any("--out")) {
			t.Errorf("%s runs %v, want kb update --out DIR", cj, args)
		}
		if i := slices.Index(args, any("--publish")); i < 0 || i+1 >= len(args) || args[i+1] != "$(ARBITER_INDEX_SOURCE)" {
			t.Errorf("%s does not publish its builds to ARBITER_INDEX_SOURCE: %v", cj, args)
		}
	})

	t.Run("replicas share state and fetch the index", func(t *testing.T) {
		cm := yamlDig(byKind["ConfigMap"][0].m, "data").(map[string]any)
		if src := yamlStr(cm["ARBITER_INDEX_SOURCE"]); !strings.HasPrefix(src, "s3://") {
			t.Errorf("ConfigMap ARBITER_INDEX_SOURCE %q: want an s3:// bucket", src)
		}
		for _, d := range append(byKind["Deployment"], byKind["StatefulSet"]...) {
			spec := k8sPodSpec(d)
			for _, c := range yamlList(spec["containers"]) {
				db := false
				for _, e := range yamlList(yamlDig(c, "env")) {
					if yamlStr(yamlDig(e, "name")) == "DATABASE_URL" && yamlStr(yamlDig(e, "valueFrom", "secretKeyRef", "name")) != "" {
						db = true
					}
					if yamlStr(yamlDig(e, "name")) == "ARBITER_STATE" {
						t.Errorf("%s: ARBITER_STATE keeps settings per pod; replicas share them in PostgreSQL", d)
					}
				}
				if !db {
					t.Errorf("%s: DATABASE_URL does not come from a Secret", d)
				}
			}
			for _, v := range yamlList(spec["volumes"]) {
				if yamlDig(v, "persistentVolumeClaim") != nil {
					t.Errorf("%s mounts a volume claim: serving pods fetch the index into a cache of their own", d)
				}
			}
			if yamlDig(d.m, "spec", "volumeClaimTemplates") != nil {
				t.Errorf("%s has volume claim templates: its state is in PostgreSQL", d)
			}
		}
	})

	t.Run("autoscaling on queueing", func(t *testing.T) {
		hpa := byKind["HorizontalPodAutoscaler"][0]
		var pods []string
		for _, m := range yamlList(yamlDig(hpa.m, "spec", "metrics")) {
			if yamlStr(yamlDig(m, "type")) == "Pods" {
				pods = append(pods, yamlStr(yamlDig(m, "pods", "metric", "name")))
			}
		}
		if !slices.Contains(pods, "arbiter_interactions_waiting") || !slices.Contains(pods, "arbiter_interaction_queue_seconds_p95") {
			t.Errorf("%s scales on %v, want the waiting interactions and their queue time", hpa, pods)
		}
		adapter, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), "deploy", "prometheus-adapter.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pods {
			if !bytes.Contains(adapter, []byte(`as: "`+p+`"`)) {
				t.Errorf("deploy/prometheus-adapter.yaml does not define %s", p)
			}
		}
	})

	t.Run("network policy", func(t *testing.T) {
		denyAll := false
		for _, np := range byKind["NetworkPolicy"] {
			sel := yamlDig(np.m, "spec", "podSelector")
			types := yamlList(yamlDig(np.m, "spec", "policyTypes"))
			if m, ok := sel.(map[string]any); ok && len(m) == 0 && len(types) == 2 &&
				yamlDig(np.m, "spec", "ingress") == nil && yamlDig(np.m, "spec", "egress") == nil {
				denyAll = true
			}
		}
		if !denyAll {
			t.Error("no NetworkPolicy denies all traffic by default")
		}
	})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// k8sSecretName reports whether an environment variable name looks like it
// holds a secret.
func k8sSecretName(n string) bool {
	return regexp.MustCompile(`TOKEN|SECRET|PASSWORD|PUBLIC_KEY|PRIVATE_KEY|DATABASE_URL|ACCESS_KEY`).MatchString(n)
}

// systemdUnit parses a systemd unit into section -> key -> values.
func systemdUnit(t *testing.T, path string) map[string]map[string][]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string][]string{}
	sec := ""
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
		case strings.HasPrefix(line, "["):
			sec = strings.Trim(line, "[]")
			out[sec] = map[string][]string{}
		default:
			k, v, ok := strings.Cut(line, "=")
			if !ok || sec == "" {
				t.Fatalf("%s:%d: not a key=value line: %q", path, i+1, line)
			}
			out[sec][k] = append(out[sec][k], v)
		}
	}
	return out
}

func TestSystemdUnits(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(testutil.RepoRoot(t), "deploy", "systemd")
	hardening := map[string]string{
		"DynamicUser": "yes", "ProtectSystem": "strict", "NoNewPrivileges": "yes", "StateDirectory": "arbiter",
		"CapabilityBoundingSet": "", "PrivateTmp": "yes", "ProtectHome": "yes", "RestrictSUIDSGID": "yes",
		"SystemCallArchitectures": "native", "User": "arbiter",
	}
	for _, name := range []string{"arbiter.service", "arbiter-kb-update.service"} {
		t.Run(name, func(t *testing.T) {
			u := systemdUnit(t, filepath.Join(dir, name))
			svc := u["Service"]
			for k, want := range hardening {
				if got := svc[k]; len(got) == 0 || got[len(got)-1] != want {
					t.Errorf("%s=%q, want %q", k, got, want)
				}
			}
			if !slices.Contains(svc["SystemCallFilter"], "@system-service") {
				t.Errorf("SystemCallFilter %q lacks @system-service", svc["SystemCallFilter"])
			}
			if len(svc["ExecStart"]) != 1 || !strings.HasPrefix(svc["ExecStart"][0], "/usr/local/bin/bot ") {
				t.Errorf("ExecStart %q", svc["ExecStart"])
			}
		})
	}
	t.Run("systemd-analyze verify", func(t *testing.T) {
		analyze, err := exec.LookPath("systemd-analyze")
		if err != nil {
			t.Skip("no systemd-analyze")
		}
		// verify wants the ExecStart binary to exist: point the units at
		// this test binary.
		self, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		tmp := t.TempDir()
		var units []string
		for _, name := range []string{"arbiter.service", "arbiter-kb-update.service", "arbiter-kb-update.timer"} {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			b = bytes.ReplaceAll(b, []byte("/usr/local/bin/bot"), []byte(self))
			if err := os.WriteFile(filepath.Join(tmp, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
			units = append(units, filepath.Join(tmp, name))
		}
		cmd := exec.Command(analyze, append([]string{"verify"}, units...)...)
		cmd.Dir = tmp
		out, err := cmd.CombinedOutput()
		if err != nil || len(bytes.TrimSpace(out)) > 0 {
			t.Errorf("systemd-analyze verify: %v\n%s", err, out)
		}
	})
	t.Run("timer", func(t *testing.T) {
		u := systemdUnit(t, filepath.Join(dir, "arbiter-kb-update.timer"))
		if len(u["Timer"]["OnCalendar"]) == 0 || u["Install"]["WantedBy"][0] != "timers.target" {
			t.Errorf("timer %v", u)
		}
	})
	t.Run("update runs kb update into the served index", func(t *testing.T) {
		serve := systemdUnit(t, filepath.Join(dir, "arbiter.service"))["Service"]
		upd := systemdUnit(t, filepath.Join(dir, "arbiter-kb-update.service"))["Service"]
		index := strings.TrimPrefix(serve["Environment"][0], "ARBITER_INDEX=")
		if !strings.Contains(upd["ExecStart"][0], "kb update --out "+index) {
			t.Errorf("update %q does not write the served index %q", upd["ExecStart"], index)
		}
	})
}

// TestDeployDocs checks that deploy/README.md documents every flag of "bot
// serve" and every ARBITER_* variable, and that the example environment
// file only uses variables the bot reads.
func TestDeployDocs(t *testing.T) {
	t.Parallel()
	root := testutil.RepoRoot(t)
	readme, err := os.ReadFile(filepath.Join(root, "deploy", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, help, _ := runCLI(t, "serve", "-h")
	flags := helpFlags(help)
	if len(flags) < 8 {
		t.Fatalf("serve -h lists %d flags:\n%s", len(flags), help)
	}
	for _, f := range flags {
		if !bytes.Contains(readme, []byte("`--"+f+"`")) {
			t.Errorf("deploy/README.md does not document --%s", f)
		}
	}
	known := map[string]bool{"ARBITER_STATE": true, "DISCORD_TOKEN": true, "DISCORD_PUBLIC_KEY": true,
		"DISCORD_SHARD_ID": true, "DISCORD_SHARD_COUNT": true, "GOMEMLIMIT": true, "GOGC": true, "DATABASE_URL": true,
		"AWS_ACCESS_KEY_ID": true, "AWS_SECRET_ACCESS_KEY": true, "AWS_SESSION_TOKEN": true}
	for _, ef := range envFlags() {
		known[ef[0]] = true
	}
	for v := range known {
		if !bytes.Contains(readme, []byte("`"+v+"`")) {
			t.Errorf("deploy/README.md does not document %s", v)
		}
	}
	envExample, err := os.ReadFile(filepath.Join(root, "deploy", "systemd", "arbiter.env.example"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`(?m)^#?([A-Z][A-Z0-9_]+)=`).FindAllStringSubmatch(string(envExample), -1) {
		if !known[m[1]] {
			t.Errorf("arbiter.env.example sets %s, which the bot does not read", m[1])
		}
	}
}

// dockerfile is the instructions of a Dockerfile, continuation lines joined.
type dockerInstr struct{ op, args string }

func parseDockerfile(t *testing.T, path string) []dockerInstr {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []dockerInstr
	var cur strings.Builder
	for _, line := range strings.Split(string(b), "\n") {
		trimmed := strings.TrimSpace(line)
		if cur.Len() == 0 && (trimmed == "" || strings.HasPrefix(trimmed, "#")) {
			continue
		}
		if strings.HasSuffix(trimmed, "\\") {
			cur.WriteString(strings.TrimSuffix(trimmed, "\\") + " ")
			continue
		}
		cur.WriteString(trimmed)
		op, args, _ := strings.Cut(cur.String(), " ")
		out = append(out, dockerInstr{strings.ToUpper(op), strings.TrimSpace(args)})
		cur.Reset()
	}
	return out
}

// dockerShellWords splits a simple shell command line: words, double and single
// quotes; no expansion.
func dockerShellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				w.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated quote in %q", s)
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// dockerGoBuild returns the environment and the arguments of the RUN go
// build line of the Dockerfile.
func dockerGoBuild(t *testing.T, instrs []dockerInstr) (env, args []string) {
	t.Helper()
	for _, in := range instrs {
		if in.op != "RUN" || !strings.Contains(in.args, "go build") {
			continue
		}
		words, err := dockerShellWords(in.args)
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range words {
			if w == "go" {
				return words[:i], words[i+1:]
			}
			if !strings.Contains(w, "=") {
				t.Fatalf("RUN go build line %q: %q is neither VAR=value nor go", in.args, w)
			}
		}
	}
	t.Fatal("the Dockerfile has no RUN go build line")
	return nil, nil
}

func TestDockerfile(t *testing.T) {
	t.Parallel()
	root := testutil.RepoRoot(t)
	instrs := parseDockerfile(t, filepath.Join(root, "deploy", "Dockerfile"))
	var froms []string
	var user string
	for _, in := range instrs {
		switch in.op {
		case "FROM":
			froms = append(froms, in.args)
			user = ""
		case "USER":
			user = in.args
		}
	}
	t.Run("multi-stage, non-root final stage", func(t *testing.T) {
		if len(froms) < 2 {
			t.Fatalf("FROM lines %v: want a build stage and a runtime stage", froms)
		}
		if last := froms[len(froms)-1]; last != "scratch" && !strings.Contains(last, "distroless") {
			t.Errorf("runtime stage FROM %s: want an empty base", last)
		}
		uid, _, _ := strings.Cut(user, ":")
		if uid == "" || uid == "0" || uid == "root" {
			t.Errorf("final stage USER %q", user)
		}
	})
	env, args := dockerGoBuild(t, instrs)
	t.Run("default index built into the image", func(t *testing.T) {
		// The build stage runs "bot kb default" with ARBITER_CACHE under
		// /rootfs, which the runtime stage copies to /; the runtime
		// stage's ARBITER_CACHE is that directory.
		built, served := "", ""
		for _, in := range instrs {
			switch {
			case in.op == "RUN" && strings.Contains(in.args, "kb default"):
				for _, w := range strings.Fields(in.args) {
					if v, ok := strings.CutPrefix(w, cacheEnv+"="); ok {
						built = strings.TrimPrefix(v, "/rootfs")
					}
				}
			case in.op == "ENV":
				for _, w := range strings.Fields(in.args) {
					if v, ok := strings.CutPrefix(w, cacheEnv+"="); ok {
						served = v
					}
				}
			}
		}
		if built == "" || built != served {
			t.Errorf("the image builds its default index into %q and looks for it in %q", built, served)
		}
	})
	t.Run("base images fully qualified and pinned by digest", func(t *testing.T) {
		args := map[string]string{}
		stages := map[string]bool{}
		pinned := regexp.MustCompile(`^[a-z0-9.-]+\.[a-z]+(:[0-9]+)?/[a-z0-9._/-]+:[A-Za-z0-9._-]+@sha256:[0-9a-f]{64}$`)
		for _, in := range instrs {
			switch in.op {
			case "ARG":
				k, v, _ := strings.Cut(in.args, "=")
				args[k] = v
			case "FROM":
				f := strings.Fields(in.args)
				img := f[0]
				if strings.HasPrefix(img, "--platform") && len(f) > 1 {
					img = f[1]
				}
				if strings.HasPrefix(img, "${") {
					img = args[strings.Trim(img, "${}")]
				}
				// scratch is no image, and a stage is built here.
				if img != "scratch" && !stages[img] && !strings.HasPrefix(img, "index-") && !pinned.MatchString(img) {
					t.Errorf("FROM %s: want registry/name:tag@sha256:<digest>", img)
				}
				if len(f) >= 3 && strings.EqualFold(f[len(f)-2], "AS") {
					stages[f[len(f)-1]] = true
				}
			}
		}
	})
	t.Run("static build flags", func(t *testing.T) {
		if !slices.Contains(env, "CGO_ENABLED=0") {
			t.Errorf("go build env %v lacks CGO_ENABLED=0", env)
		}
		if len(args) == 0 || args[0] != "build" || args[len(args)-1] != "./cmd/bot" {
			t.Errorf("go %v", args)
		}
	})
	t.Run("binary is static", func(t *testing.T) {
		if testing.Short() {
			t.Skip("builds the binary")
		}
		out := filepath.Join(t.TempDir(), "bot")
		bin := dockerBuildBinary(t, root, env, args, out)
		f, err := elf.Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP {
				t.Error("the binary has an ELF interpreter (PT_INTERP): it is dynamically linked")
			}
		}
		libs, err := f.ImportedLibraries()
		if err != nil {
			t.Fatal(err)
		}
		if len(libs) > 0 {
			t.Errorf("the binary needs shared libraries (DT_NEEDED): %v", libs)
		}
		// The binary answers on its own, with no index and no environment
		// but where its default index is (the image builds it at
		// /usr/lib/arbiter), as in an empty image.
		needDefault(t)
		cmd := exec.Command(bin, "ask", "--json", "--lang", "en", "what happens when a permanent phases out")
		cmd.Env = []string{cacheEnv + "=" + testCacheDir()}
		b, err := cmd.Output()
		if err != nil || !bytes.Contains(b, []byte(`"citations":[{`)) {
			t.Errorf("%s ask: %v\n%.500s", bin, err, b)
		}
		t.Run("index stage builds from files", func(t *testing.T) {
			dockerIndexFromFiles(t, instrs, bin)
		})
	})
}

// dockerIndexFromFiles runs the RUN line of the Dockerfile's index-files
// stage with the stage's ARG defaults, the binary just built, the shared
// official data as the officialdata build context and a temporary /index,
// and opens the index it writes.
func dockerIndexFromFiles(t *testing.T, instrs []dockerInstr, bin string) {
	t.Helper()
	data := testutil.SharedDataDir(t)
	stage := ""
	vars := map[string]string{}
	var runLine string
	for _, in := range instrs {
		switch in.op {
		case "FROM":
			_, stage, _ = strings.Cut(in.args, " AS ")
			stage = strings.TrimSpace(stage)
		case "ARG":
			if k, v, ok := strings.Cut(in.args, "="); ok && stage == "index-files" {
				vars[k] = v
			}
		case "RUN":
			if stage == "index-files" {
				runLine = in.args
			}
		}
	}
	if runLine == "" {
		t.Fatal("no RUN line in the index-files stage")
	}
	words, err := dockerShellWords(os.Expand(runLine, func(k string) string { return vars[k] }))
	if err != nil {
		t.Fatal(err)
	}
	for len(words) > 0 && strings.HasPrefix(words[0], "--mount=") {
		if !strings.Contains(words[0], "from=officialdata") || !strings.Contains(words[0], "target=/data") {
			t.Fatalf("mount %q: want the officialdata context at /data", words[0])
		}
		words = words[1:]
	}
	if len(words) < 3 || words[0] != "/out/bot" || words[1] != "kb" || words[2] != "build" {
		t.Fatalf("index-files runs %v, want /out/bot kb build", words)
	}
	tmp := t.TempDir()
	for i, w := range words {
		if strings.HasPrefix(w, "/data/") {
			w = filepath.Join(data, strings.TrimPrefix(w, "/data/"))
			if _, err := os.Stat(w); err != nil {
				t.Errorf("the stage's default file is not in the officialdata context: %v", err)
			}
		}
		w = strings.Replace(w, "/index/", tmp+"/", 1)
		words[i] = w
	}
	if t.Failed() {
		return
	}
	// The build itself takes about a minute and 500 MB.
	if os.Getenv("ARBITER_SLOW_TESTS") == "" {
		t.Skip("set ARBITER_SLOW_TESTS=1 to build the index as the image does")
	}
	cmd := exec.Command(bin, words[1:]...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %v\n%s", words, err, b)
	}
	out := words[slices.Index(words, "--out")+1]
	ix, err := kb.Open(t.Context(), out)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	m := ix.Meta()
	if m.CurrentCR == "" || m.ByKind["ruling"] == 0 || m.ByKind["card"] == 0 {
		t.Errorf("index built in the image lacks rules, rulings or cards: %+v", m)
	}
}

// dockerBuildBinary runs the Dockerfile's go build line in root, writing
// the binary to out instead of the image path.
func dockerBuildBinary(t *testing.T, root string, env, args []string, out string) string {
	t.Helper()
	args = slices.Clone(args)
	i := slices.Index(args, "-o")
	if i < 0 || i+1 >= len(args) {
		t.Fatalf("go %v has no -o", args)
	}
	args[i+1] = out
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %v: %v\n%s", args, err, b)
	}
	return out
}
