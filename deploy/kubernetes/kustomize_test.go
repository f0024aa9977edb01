package kubernetes

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

// grpcPortName is the name of solverd's gRPC container port, and
// healthPortName that of its port of health checks alone.
const (
	grpcPortName   = "grpc"
	healthPortName = "health"
)

// objects are the decoded objects of one kustomize build.
type objects struct {
	deployments     []*appsv1.Deployment
	services        []*corev1.Service
	configMaps      []*corev1.ConfigMap
	secrets         []*corev1.Secret
	serviceAccounts []*corev1.ServiceAccount
	namespaces      []*corev1.Namespace
	hpas            []*autoscalingv2.HorizontalPodAutoscaler
	pdbs            []*policyv1.PodDisruptionBudget
	netpols         []*networkingv1.NetworkPolicy
	serviceMonitors []*serviceMonitor
	prometheusRules []*prometheusRule
}

// objectMeta is the metadata of the Prometheus Operator's kinds, as far as
// the manifests use it.
type objectMeta struct {
	Name        string            `json:"name"`
	Namespace   string            `json:"namespace,omitempty"`
	Labels      map[string]string `json:"labels,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
}

// serviceMonitor is the part of the Prometheus Operator's ServiceMonitor
// (monitoring.coreos.com/v1) that the manifests use: decoding strictly into
// it catches a misspelt field as for the built-in kinds.
type serviceMonitor struct {
	APIVersion string     `json:"apiVersion"`
	Kind       string     `json:"kind"`
	Metadata   objectMeta `json:"metadata"`
	Spec       struct {
		Selector struct {
			MatchLabels map[string]string `json:"matchLabels"`
		} `json:"selector"`
		NamespaceSelector *struct {
			MatchNames []string `json:"matchNames,omitempty"`
			Any        bool     `json:"any,omitempty"`
		} `json:"namespaceSelector,omitempty"`
		Endpoints []struct {
			Port          string `json:"port"`
			Path          string `json:"path,omitempty"`
			Scheme        string `json:"scheme,omitempty"`
			Interval      string `json:"interval,omitempty"`
			ScrapeTimeout string `json:"scrapeTimeout,omitempty"`
		} `json:"endpoints"`
	} `json:"spec"`
}

// decode decodes one object of a build, given as YAML, strictly into the
// Kubernetes type of its kind: an unknown or misspelt field, or a kind the
// manifests should not have, is an error.
func (o *objects) decode(doc []byte) error {
	var meta struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
	}
	if err := yaml.Unmarshal(doc, &meta); err != nil {
		return err
	}
	// As the API server decodes: YAML to JSON (a duplicate key is an
	// error), then JSON whose keys must match the fields case-sensitively
	// (encoding/json would take "readOnlyRootFileSystem"), none unknown.
	strict := func(v any) error {
		j, err := yaml.YAMLToJSONStrict(doc)
		if err != nil {
			return fmt.Errorf("%s %s: %w", meta.APIVersion, meta.Kind, err)
		}
		strictErrs, err := kjson.UnmarshalStrict(j, v)
		if err = errors.Join(append([]error{err}, strictErrs...)...); err != nil {
			return fmt.Errorf("%s %s: %w", meta.APIVersion, meta.Kind, err)
		}
		return nil
	}
	switch meta.APIVersion + " " + meta.Kind {
	case "apps/v1 Deployment":
		return decodeInto(&o.deployments, strict)
	case "v1 Service":
		return decodeInto(&o.services, strict)
	case "v1 ConfigMap":
		return decodeInto(&o.configMaps, strict)
	case "v1 Secret":
		return decodeInto(&o.secrets, strict)
	case "v1 ServiceAccount":
		return decodeInto(&o.serviceAccounts, strict)
	case "v1 Namespace":
		return decodeInto(&o.namespaces, strict)
	case "autoscaling/v2 HorizontalPodAutoscaler":
		return decodeInto(&o.hpas, strict)
	case "policy/v1 PodDisruptionBudget":
		return decodeInto(&o.pdbs, strict)
	case "networking.k8s.io/v1 NetworkPolicy":
		return decodeInto(&o.netpols, strict)
	case "monitoring.coreos.com/v1 ServiceMonitor":
		return decodeInto(&o.serviceMonitors, strict)
	case "monitoring.coreos.com/v1 PrometheusRule":
		return decodeInto(&o.prometheusRules, strict)
	}
	return fmt.Errorf("unexpected object %s %s", meta.APIVersion, meta.Kind)
}

// decodeInto appends a new object of type T to list and decodes into it
// with strict.
func decodeInto[T any](list *[]*T, strict func(any) error) error {
	v := new(T)
	*list = append(*list, v)
	return strict(v)
}

// build runs kustomize on the kustomization in dir, on the disk, and
// returns each object as YAML.
func build(t *testing.T, dir string) [][]byte {
	t.Helper()
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	m, err := k.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		t.Fatalf("kustomize build %s: %v", dir, err)
	}
	var docs [][]byte
	for _, r := range m.Resources() {
		y, err := r.AsYAML()
		if err != nil {
			t.Fatalf("%s: %s: %v", dir, r.CurId(), err)
		}
		docs = append(docs, y)
	}
	return docs
}

// tree copies this directory's manifests to a temporary directory and
// writes placeholder files where the production overlay's secretGenerator
// reads the operator's secrets (which git ignores), so that every
// kustomization builds in a plain clone. It returns the copy's root.
func tree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(root, path), 0o755)
		}
		if strings.HasSuffix(path, ".go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(root, path), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	placeholders := map[string]string{
		"tls.crt": "-----BEGIN CERTIFICATE-----\nplaceholder\n-----END CERTIFICATE-----\n",
		"tls.key": "-----BEGIN PRIVATE KEY-----\nplaceholder\n-----END PRIVATE KEY-----\n",
		"tokens":  "placeholder-token\n",
	}
	for name, content := range placeholders {
		p := filepath.Join(root, "overlays", "production", "secrets", name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// kustomization is one kustomization to build: a directory of the tree, or
// a wrapper that adds a component to one.
type kustomization struct {
	name string
	dir  string
	// components added, by directory name
	components []string
}

// kustomizations lists every kustomization of the tree rooted at root and,
// for every component, the base and each overlay with that component
// added, in wrappers written under root.
func kustomizations(t *testing.T, root string) []kustomization {
	t.Helper()
	var dirs, components []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "kustomization.yaml" {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		if regexp.MustCompile(`(?m)^kind:\s*Component\s*$`).Match(b) {
			components = append(components, rel)
		} else {
			dirs = append(dirs, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(dirs)
	sort.Strings(components)
	if !slices.Contains(dirs, "base") || !slices.Contains(dirs, filepath.Join("overlays", "production")) {
		t.Fatalf("kustomizations %v: want base and overlays/production", dirs)
	}
	if !slices.Contains(components, filepath.Join("components", "monitoring")) {
		t.Fatalf("components %v: want components/monitoring", components)
	}
	var out []kustomization
	for _, d := range dirs {
		out = append(out, kustomization{name: filepath.ToSlash(d), dir: filepath.Join(root, d)})
	}
	for _, c := range components {
		for _, d := range dirs {
			name := filepath.ToSlash(d) + "+" + filepath.Base(c)
			w := filepath.Join(root, "with", strings.ReplaceAll(name, "/", "_"))
			if err := os.MkdirAll(w, 0o755); err != nil {
				t.Fatal(err)
			}
			k := fmt.Sprintf("apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../../%s\ncomponents:\n  - ../../%s\n",
				filepath.ToSlash(d), filepath.ToSlash(c))
			if err := os.WriteFile(filepath.Join(w, "kustomization.yaml"), []byte(k), 0o644); err != nil {
				t.Fatal(err)
			}
			out = append(out, kustomization{name: name, dir: w, components: []string{filepath.Base(c)}})
		}
	}
	return out
}

// TestKustomizations builds every kustomization, decodes every object
// strictly, and checks the deployment's invariants.
func TestKustomizations(t *testing.T) {
	flags := solverdEnv(t)
	root := tree(t)
	for _, k := range kustomizations(t, root) {
		t.Run(k.name, func(t *testing.T) {
			var o objects
			for _, doc := range build(t, k.dir) {
				if err := o.decode(doc); err != nil {
					t.Errorf("%v\n%s", err, doc)
				}
			}
			if t.Failed() {
				return
			}
			check(t, k, &o, flags)
			if testing.Verbose() && os.Getenv("KUSTOMIZE_PRINT") != "" {
				for _, doc := range build(t, k.dir) {
					t.Logf("---\n%s", doc)
				}
			}
		})
	}
	// The flag set is solverd's: a made-up variable is not in it.
	if flags["SOLVERD_NOT_A_FLAG"] || !flags["SOLVERD_MAX_CONNECTION_AGE"] {
		t.Error("the variables read from solverd -h are not solverd's flags")
	}
}

// TestStrictDecodingCatchesMisspeltFields proves that the decoding of
// TestKustomizations fails on a misspelt field, in a built-in kind and in
// the Prometheus Operator's.
func TestStrictDecodingCatchesMisspeltFields(t *testing.T) {
	root := tree(t)
	var deployment, monitor []byte
	for _, doc := range build(t, filepath.Join(root, "overlays", "production")) {
		var o objects
		if err := o.decode(doc); err == nil && len(o.deployments) == 1 {
			deployment = doc
		}
	}
	monitor, err := os.ReadFile(filepath.Join(root, "components", "monitoring", "servicemonitor.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	rule, err := os.ReadFile(filepath.Join(root, "components", "monitoring", "prometheusrule.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, old, new string
		doc            []byte
	}{
		{"securityContext field", "readOnlyRootFilesystem:", "readOnlyRootFileSystem:", deployment},
		{"probe field", "periodSeconds:", "periodSecond:", deployment},
		{"resources field", "limits:", "limit:", deployment},
		{"ServiceMonitor field", "scrapeTimeout:", "scrapeTimout:", monitor},
		{"PrometheusRule field", "annotations:", "anotations:", rule},
		{"PrometheusRule rule field", "for:", "fro:", rule},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.doc == nil {
				t.Fatal("no document")
			}
			var o objects
			if err := o.decode(c.doc); err != nil {
				t.Fatalf("the document as it is: %v", err)
			}
			bad := bytes.Replace(c.doc, []byte(c.old), []byte(c.new), 1)
			if bytes.Equal(bad, c.doc) {
				t.Fatalf("%q not in the document", c.old)
			}
			err := new(objects).decode(bad)
			if err == nil {
				t.Fatalf("decoding with %q misspelt as %q succeeded", c.old, c.new)
			}
			if !strings.Contains(err.Error(), strings.TrimSuffix(c.new, ":")) {
				t.Errorf("error %q does not name the field %q", err, c.new)
			}
		})
	}
}

// check checks the invariants of the objects of kustomization k; flags
// are solverd's environment variables.
func check(t *testing.T, k kustomization, o *objects, flags map[string]bool) {
	t.Helper()
	if len(o.deployments) != 1 || o.deployments[0].Name != "solverd" {
		t.Fatalf("want one Deployment solverd, got %d", len(o.deployments))
	}
	d := o.deployments[0]
	pod := &d.Spec.Template.Spec
	podLabels := d.Spec.Template.Labels
	if !matches(d.Spec.Selector.MatchLabels, podLabels) {
		t.Errorf("Deployment selector %v does not match its pods %v", d.Spec.Selector.MatchLabels, podLabels)
	}

	// The one ConfigMap: every key a solverd flag.
	if len(o.configMaps) != 1 {
		t.Fatalf("want one ConfigMap, got %d", len(o.configMaps))
	}
	cm := o.configMaps[0]
	for key := range cm.Data {
		if !flags[key] {
			t.Errorf("ConfigMap %s: %s is no solverd flag's variable (solverd -h lists them)", cm.Name, key)
		}
	}
	if len(cm.BinaryData) > 0 {
		t.Errorf("ConfigMap %s has binary data", cm.Name)
	}

	// An overlay pins the image; the base may float.
	if k.name != "base" && !strings.HasPrefix(k.name, "base+") && (strings.HasSuffix(c0(pod).Image, ":latest") || !strings.Contains(c0(pod).Image, ":")) {
		t.Errorf("image %q: an overlay pins a tag or digest", c0(pod).Image)
	}

	// Pod security.
	psc := pod.SecurityContext
	if psc == nil || psc.SeccompProfile == nil || psc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
		t.Error("pod seccompProfile is not RuntimeDefault")
	}
	if pod.AutomountServiceAccountToken == nil || *pod.AutomountServiceAccountToken {
		t.Error("pod mounts a service account token")
	}
	if len(pod.Containers) != 1 {
		t.Fatalf("want one container, got %d", len(pod.Containers))
	}
	c := &pod.Containers[0]
	sc := c.SecurityContext
	switch {
	case sc == nil:
		t.Fatal("container has no securityContext")
	case !isTrue(sc.RunAsNonRoot) && (psc == nil || !isTrue(psc.RunAsNonRoot)):
		t.Error("runAsNonRoot not set")
	case sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem:
		t.Error("root filesystem not read-only")
	case sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation:
		t.Error("allowPrivilegeEscalation not false")
	case sc.Privileged != nil && *sc.Privileged:
		t.Error("privileged")
	case sc.Capabilities == nil || !slices.Equal(sc.Capabilities.Drop, []corev1.Capability{"ALL"}) || len(sc.Capabilities.Add) > 0:
		t.Error("capabilities: want drop ALL and add none")
	}
	if uid := runAsUser(psc, sc); uid == nil || *uid == 0 {
		t.Error("runAsUser unset or root")
	}

	// Resources: requests and limits of CPU and memory, requests within
	// the limits.
	for _, name := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		req, okReq := c.Resources.Requests[name]
		lim, okLim := c.Resources.Limits[name]
		if !okReq || !okLim || lim.IsZero() {
			t.Errorf("%s: want a request and a limit", name)
			continue
		}
		if req.Cmp(lim) > 0 {
			t.Errorf("%s: request %s above limit %s", name, req.String(), lim.String())
		}
	}
	// The Go runtime sized from the limits.
	fromLimit := map[string]string{"GOMAXPROCS": "limits.cpu", "SOLVERD_MEMORY_LIMIT": "limits.memory"}
	for _, e := range c.Env {
		if e.Name == "GOMEMLIMIT" {
			t.Error("GOMEMLIMIT set: it overrides the soft limit solverd sets below the container's (SOLVERD_MEMORY_LIMIT)")
		}
		if want, ok := fromLimit[e.Name]; ok {
			if e.ValueFrom == nil || e.ValueFrom.ResourceFieldRef == nil || e.ValueFrom.ResourceFieldRef.Resource != want {
				t.Errorf("%s: want resourceFieldRef %s", e.Name, want)
			}
			delete(fromLimit, e.Name)
		}
	}
	for name := range fromLimit {
		t.Errorf("no %s env from the container's limits", name)
	}

	// Ports and probes: every probe a plaintext gRPC health probe of the
	// health port, which the clients' connections cannot starve.
	var grpcPort int32
	ports := map[string]int32{}
	for _, p := range c.Ports {
		ports[p.Name] = p.ContainerPort
		if p.Name == grpcPortName {
			grpcPort = p.ContainerPort
		}
	}
	if grpcPort == 0 {
		t.Fatalf("container has no port named %q", grpcPortName)
	}
	if listen := cm.Data["SOLVERD_LISTEN"]; !strings.HasSuffix(listen, fmt.Sprintf(":%d", grpcPort)) {
		t.Errorf("SOLVERD_LISTEN %q is not the gRPC port %d", listen, grpcPort)
	}
	if ml := cm.Data["SOLVERD_METRICS_LISTEN"]; ml != "" && !strings.HasSuffix(ml, fmt.Sprintf(":%d", ports["metrics"])) {
		t.Errorf("SOLVERD_METRICS_LISTEN %q is not the metrics port %d", ml, ports["metrics"])
	}
	healthPort := ports[healthPortName]
	if hl := cm.Data["SOLVERD_HEALTH_LISTEN"]; healthPort == 0 || !strings.HasSuffix(hl, fmt.Sprintf(":%d", healthPort)) {
		t.Errorf("SOLVERD_HEALTH_LISTEN %q is not the port named %q (%d)", hl, healthPortName, healthPort)
	}
	for name, p := range map[string]*corev1.Probe{"startup": c.StartupProbe, "readiness": c.ReadinessProbe, "liveness": c.LivenessProbe} {
		switch {
		case p == nil:
			t.Errorf("no %s probe", name)
		case p.GRPC == nil || p.GRPC.Port != healthPort || p.HTTPGet != nil || p.TCPSocket != nil || p.Exec != nil:
			t.Errorf("%s probe: want a gRPC probe of the health port %d", name, healthPort)
		case p.GRPC.Mode != nil && *p.GRPC.Mode == corev1.GRPCProbeModeTLS:
			t.Errorf("%s probe: TLS mode on the health port, which has no TLS", name)
		}
	}

	// Production: a caller, however authenticated, cannot take every
	// solving slot of the pods at will.
	if strings.HasPrefix(k.name, "overlays/production") {
		rate, err := strconv.ParseFloat(cm.Data["SOLVERD_RATE_LIMIT"], 64)
		if err != nil || rate <= 0 {
			t.Errorf("SOLVERD_RATE_LIMIT %q: production wants a positive rate limit per caller", cm.Data["SOLVERD_RATE_LIMIT"])
		}
	}

	// Shutdown: the preStop sleep and solverd's grace (and drain delay,
	// once solverd has one) fit in the termination grace period.
	var preStop time.Duration
	if h := c.Lifecycle; h != nil && h.PreStop != nil {
		if h.PreStop.Sleep == nil {
			t.Error("preStop is not a sleep action (the image has no shell)")
		} else {
			preStop = time.Duration(h.PreStop.Sleep.Seconds) * time.Second
		}
	}
	grace := flagDuration(t, cm, "SOLVERD_GRACE", 10*time.Second)
	drain := time.Duration(0)
	if flags["SOLVERD_DRAIN_DELAY"] {
		drain = flagDuration(t, cm, "SOLVERD_DRAIN_DELAY", 0)
	}
	if preStop+drain == 0 {
		t.Error("neither a preStop sleep nor SOLVERD_DRAIN_DELAY: the pod stops serving before clients drop it")
	}
	if pod.TerminationGracePeriodSeconds == nil {
		t.Fatal("no terminationGracePeriodSeconds")
	}
	// A draining solverd reports NOT_SERVING: a gRPC liveness probe must
	// not kill it before its drain delay and grace are over.
	if p := c.LivenessProbe; p != nil && p.GRPC != nil {
		if tolerated := time.Duration(p.PeriodSeconds*p.FailureThreshold) * time.Second; tolerated <= drain+grace {
			t.Errorf("liveness fails after %v of NOT_SERVING, within the drain delay %v + grace %v", tolerated, drain, grace)
		}
	}
	tgp := time.Duration(*pod.TerminationGracePeriodSeconds) * time.Second
	// After the grace, the calls cut get a second on each port to send
	// the status that says why (service's graceCutWait, solverd's
	// webCutWait), and the process a second to exit.
	if need := preStop + drain + grace + 3*time.Second; tgp < need {
		t.Errorf("terminationGracePeriodSeconds %v < preStop %v + drain delay %v + grace %v + 3s", tgp, preStop, drain, grace)
	}

	// What the pod refers to exists in the build.
	names := func(kind string) map[string]bool {
		m := map[string]bool{}
		switch kind {
		case "ConfigMap":
			for _, x := range o.configMaps {
				m[x.Name] = true
			}
		case "Secret":
			for _, x := range o.secrets {
				m[x.Name] = true
			}
		}
		return m
	}
	for _, ef := range c.EnvFrom {
		if ef.ConfigMapRef != nil && !names("ConfigMap")[ef.ConfigMapRef.Name] {
			t.Errorf("envFrom ConfigMap %s not in the build", ef.ConfigMapRef.Name)
		}
	}
	mounted := map[string]string{}
	for _, v := range pod.Volumes {
		if v.Secret != nil && !names("Secret")[v.Secret.SecretName] {
			t.Errorf("volume %s: Secret %s not in the build", v.Name, v.Secret.SecretName)
		}
	}
	for _, m := range c.VolumeMounts {
		if !m.ReadOnly {
			t.Errorf("volume mount %s is writable", m.Name)
		}
		mounted[m.MountPath] = m.Name
	}
	// The files solverd's settings name are on mounted volumes.
	for _, key := range []string{"SOLVERD_TLS_CERT", "SOLVERD_TLS_KEY", "SOLVERD_TLS_CLIENT_CA", "SOLVERD_AUTH_TOKEN_FILE"} {
		if p := cm.Data[key]; p != "" {
			if _, ok := mounted[filepath.Dir(p)]; !ok {
				t.Errorf("%s=%s: no volume mounted at %s", key, p, filepath.Dir(p))
			}
		}
	}
	if sa := pod.ServiceAccountName; sa != "" && !slices.ContainsFunc(o.serviceAccounts, func(x *corev1.ServiceAccount) bool { return x.Name == sa }) {
		t.Errorf("ServiceAccount %s not in the build", sa)
	}

	// Services: a headless one and a ClusterIP one, selecting the pods, on
	// ports the container has.
	var headless, clusterIP *corev1.Service
	for _, s := range o.services {
		if !matches(s.Spec.Selector, podLabels) {
			t.Errorf("Service %s selector %v does not match the pods %v", s.Name, s.Spec.Selector, podLabels)
		}
		for _, p := range s.Spec.Ports {
			if !samePort(p.TargetPort, 0, ports) {
				t.Errorf("Service %s port %s: target %s is no container port", s.Name, p.Name, p.TargetPort.String())
			}
		}
		switch {
		case s.Spec.ClusterIP == corev1.ClusterIPNone:
			headless = s
		case s.Spec.Type == corev1.ServiceTypeClusterIP || s.Spec.Type == "":
			clusterIP = s
		}
	}
	if headless == nil || clusterIP == nil {
		t.Fatal("want a headless and a ClusterIP Service")
	}
	// A Service's appProtocol tells meshes and gateways how to speak to the
	// port: with TLS on the gRPC port, not cleartext HTTP/2.
	if cm.Data["SOLVERD_TLS_CERT"] != "" {
		for _, s := range o.services {
			for _, p := range s.Spec.Ports {
				if samePort(p.TargetPort, grpcPort, ports) && p.AppProtocol != nil && *p.AppProtocol == "kubernetes.io/h2c" {
					t.Errorf("Service %s port %s: appProtocol %s (cleartext HTTP/2), but the gRPC port serves TLS", s.Name, p.Name, *p.AppProtocol)
				}
			}
		}
	}
	if headless.Spec.PublishNotReadyAddresses {
		t.Error("the headless Service publishes pods that are not ready")
	}
	if !slices.ContainsFunc(headless.Spec.Ports, func(p corev1.ServicePort) bool { return p.Port == grpcPort }) {
		t.Errorf("the headless Service has no port %d", grpcPort)
	}

	// Autoscaling on CPU, and a disruption budget, for this Deployment.
	if len(o.hpas) != 1 {
		t.Fatalf("want one HorizontalPodAutoscaler, got %d", len(o.hpas))
	}
	h := o.hpas[0]
	if ref := h.Spec.ScaleTargetRef; ref.Kind != "Deployment" || ref.Name != d.Name || ref.APIVersion != "apps/v1" {
		t.Errorf("HPA targets %s %s %s", ref.APIVersion, ref.Kind, ref.Name)
	}
	if !slices.ContainsFunc(h.Spec.Metrics, func(m autoscalingv2.MetricSpec) bool {
		return m.Type == autoscalingv2.ResourceMetricSourceType && m.Resource != nil && m.Resource.Name == corev1.ResourceCPU &&
			m.Resource.Target.AverageUtilization != nil
	}) {
		t.Error("HPA does not scale on CPU utilisation")
	}
	if h.Spec.MinReplicas == nil || *h.Spec.MinReplicas < 2 || h.Spec.MaxReplicas < *h.Spec.MinReplicas {
		t.Error("HPA: want at least 2 replicas, max above min")
	}
	if len(o.pdbs) != 1 || o.pdbs[0].Spec.Selector == nil || !matches(o.pdbs[0].Spec.Selector.MatchLabels, podLabels) {
		t.Error("want one PodDisruptionBudget selecting the pods")
	} else if p := o.pdbs[0].Spec; p.MaxUnavailable == nil && p.MinAvailable == nil {
		t.Error("PodDisruptionBudget sets neither maxUnavailable nor minAvailable")
	}

	// The NetworkPolicy selects the pods and lets the gRPC port in.
	if len(o.netpols) != 1 || !matches(o.netpols[0].Spec.PodSelector.MatchLabels, podLabels) {
		t.Fatal("want one NetworkPolicy selecting the pods")
	}
	if !slices.ContainsFunc(o.netpols[0].Spec.Ingress, func(r networkingv1.NetworkPolicyIngressRule) bool {
		return slices.ContainsFunc(r.Ports, func(p networkingv1.NetworkPolicyPort) bool {
			return p.Port != nil && samePort(*p.Port, grpcPort, ports)
		})
	}) {
		t.Error("the NetworkPolicy does not let the gRPC port in")
	}
	// ... and no pod to the health port, for the kubelet's probes alone
	// (a rule without ports admits every port).
	for _, r := range o.netpols[0].Spec.Ingress {
		if len(r.Ports) == 0 || slices.ContainsFunc(r.Ports, func(p networkingv1.NetworkPolicyPort) bool {
			return p.Port != nil && samePort(*p.Port, ports[healthPortName], ports)
		}) {
			t.Error("the NetworkPolicy lets pods reach the health port")
		}
	}

	// The ServiceMonitor, when there is one, scrapes a port of one Service.
	job := ""
	for _, m := range o.serviceMonitors {
		var picked []*corev1.Service
		for _, s := range o.services {
			if matches(m.Spec.Selector.MatchLabels, s.Labels) {
				picked = append(picked, s)
			}
		}
		if len(picked) != 1 {
			t.Errorf("ServiceMonitor %s selects %d Services, want 1", m.Metadata.Name, len(picked))
			continue
		}
		job = picked[0].Name // the Prometheus Operator's job label
		for _, e := range m.Spec.Endpoints {
			if !slices.ContainsFunc(picked[0].Spec.Ports, func(p corev1.ServicePort) bool { return p.Name == e.Port }) {
				t.Errorf("ServiceMonitor %s: Service %s has no port %q", m.Metadata.Name, picked[0].Name, e.Port)
			}
		}
		if cm.Data["SOLVERD_METRICS_LISTEN"] == "" {
			t.Error("a ServiceMonitor, but SOLVERD_METRICS_LISTEN is empty")
		}
	}
	if slices.Contains(k.components, "monitoring") != (len(o.serviceMonitors) == 1) {
		t.Errorf("%d ServiceMonitors with components %v", len(o.serviceMonitors), k.components)
	}

	// Its alerts, on metrics solverd exports, of the targets it scrapes.
	if slices.Contains(k.components, "monitoring") != (len(o.prometheusRules) == 1) {
		t.Errorf("%d PrometheusRules with components %v", len(o.prometheusRules), k.components)
	}
	for _, r := range o.prometheusRules {
		checkRule(t, r, job)
	}
}

// matches reports whether labels has every pair of selector (a non-empty
// one).
func matches(selector, labels map[string]string) bool {
	if len(selector) == 0 {
		return false
	}
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return true
}

// samePort reports whether p, a number or a port name, is port (when not
// 0) or names a container port of ports.
func samePort(p intstr.IntOrString, port int32, ports map[string]int32) bool {
	n := p.IntVal
	if p.Type == intstr.String {
		var ok bool
		if n, ok = ports[p.StrVal]; !ok {
			return false
		}
	}
	if port != 0 {
		return n == port
	}
	for _, v := range ports {
		if v == n {
			return true
		}
	}
	return false
}

// c0 is the first container of pod (check makes sure there is one).
func c0(pod *corev1.PodSpec) *corev1.Container {
	if len(pod.Containers) == 0 {
		return &corev1.Container{}
	}
	return &pod.Containers[0]
}

func isTrue(b *bool) bool { return b != nil && *b }

// runAsUser is the user the container runs as.
func runAsUser(pod *corev1.PodSecurityContext, c *corev1.SecurityContext) *int64 {
	if c != nil && c.RunAsUser != nil {
		return c.RunAsUser
	}
	if pod != nil {
		return pod.RunAsUser
	}
	return nil
}

// flagDuration returns the duration of setting key of cm, or def when
// unset.
func flagDuration(t *testing.T, cm *corev1.ConfigMap, key string, def time.Duration) time.Duration {
	t.Helper()
	v, ok := cm.Data[key]
	if !ok {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		t.Errorf("%s=%q: %v", key, v, err)
	}
	return d
}

var (
	solverdEnvOnce sync.Once
	solverdEnvVars map[string]bool
	solverdEnvErr  error
)

// solverdEnv returns the environment variables of solverd's flags, as
// `solverd -h` prints them: it builds solverd from this repository and
// reads its usage, so that the check follows the flags as they are.
func solverdEnv(t *testing.T) map[string]bool {
	t.Helper()
	solverdEnvOnce.Do(func() {
		solverdEnvVars, solverdEnvErr = readSolverdEnv(t.TempDir())
	})
	if solverdEnvErr != nil {
		t.Fatal(solverdEnvErr)
	}
	return solverdEnvVars
}

func readSolverdEnv(dir string) (map[string]bool, error) {
	_, file, _, _ := runtime.Caller(0)
	repo := filepath.Join(filepath.Dir(file), "..", "..")
	bin := filepath.Join(dir, "solverd")
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goCmd); err != nil {
		goCmd = "go"
	}
	args := []string{"build", "-o", bin}
	if raceEnabled {
		args = append(args, "-race") // reuses the packages compiled for the tests
	}
	build := exec.Command(goCmd, append(args, "./cmd/solverd")...)
	build.Dir = repo
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building solverd: %v\n%s", err, out)
	}
	var stdout, stderr bytes.Buffer
	help := exec.Command(bin, "-h")
	help.Stdout, help.Stderr = &stdout, &stderr
	help.Env = []string{} // no SOLVERD_* of the test's environment
	if err := help.Run(); err != nil {
		return nil, fmt.Errorf("solverd -h: %v\n%s", err, stderr.Bytes())
	}
	usage := stdout.String() + stderr.String()
	env := map[string]bool{}
	flagLine := regexp.MustCompile(`^\s+-([a-z0-9][a-z0-9-]*)\b`)
	envRef := regexp.MustCompile(`\benv (SOLVERD_[A-Z0-9_]+)\)`)
	flags := 0
	sc := bufio.NewScanner(strings.NewReader(usage))
	for sc.Scan() {
		if m := flagLine.FindStringSubmatch(sc.Text()); m != nil {
			flags++
			// The variable of a flag is derived from its name, as
			// solverd does; the usage's "(env ...)" must agree.
			env["SOLVERD_"+strings.ToUpper(strings.ReplaceAll(m[1], "-", "_"))] = true
		}
		for _, m := range envRef.FindAllStringSubmatch(sc.Text(), -1) {
			if !env[m[1]] {
				return nil, fmt.Errorf("solverd -h: %s names no flag listed before it", m[1])
			}
		}
	}
	if flags < 10 || !env["SOLVERD_LISTEN"] || !env["SOLVERD_GRACE"] {
		return nil, fmt.Errorf("solverd -h: found %d flags, want -listen, -grace and more:\n%s", flags, usage)
	}
	return env, nil
}
