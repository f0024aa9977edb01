package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	reflectionpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"
)

// daemonDoc is docs/daemon.md, from this package: the daemon's recipes.
const daemonDoc = "../../docs/daemon.md"

// readmeToken is the bearer token of the daemon the recipes run against.
const readmeToken = "readme-recipe-token"

// TestReadmeRecipes runs the grpcurl recipes of docs/daemon.md and the
// curl recipe of its section on the HTTP port, as the file writes them,
// against a solverd with -auth-token-file. Each
// grpcurl recipe runs with grpcurl when it is on PATH, and always through
// grpcurlCall, which makes the same calls (reflection first, as grpcurl
// does), so that the recipes are checked where grpcurl is not installed.
func TestReadmeRecipes(t *testing.T) {
	doc, err := os.ReadFile(daemonDoc)
	if err != nil {
		t.Fatal(err)
	}
	grpcurls := recipes(t, string(doc), "grpcurl")
	curls := recipes(t, section(t, string(doc), "## The HTTP port: the web viewer's API"), "curl")

	tokens := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokens, []byte("# the README's recipes\n"+readmeToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	addr, _, _, log := startDaemon(t, "--listen", "localhost:0", "--http-listen", "localhost:0", "--auth-token-file", tokens)
	m := webRE.FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("no web viewer address logged:\n%s", log)
	}
	webAddr := m[1]
	conn := dial(t, addr)
	grpcurlPath, _ := exec.LookPath("grpcurl")
	if grpcurlPath == "" {
		t.Log("grpcurl is not on PATH (bash .ci/tools.sh --all installs it): the recipes run through the test's own client only")
	}

	var ran []string // what the grpcurl recipes did: "list" or a method
	for _, r := range grpcurls {
		args := expand(t, r, map[string]string{"localhost:50051": addr})
		t.Run(args[len(args)-1], func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			what, err := grpcurlCall(ctx, conn, args[1:])
			if err != nil {
				t.Fatalf("%s: %v", r, err)
			}
			ran = append(ran, what)
			if grpcurlPath == "" {
				return
			}
			cmd := exec.CommandContext(ctx, grpcurlPath, args[1:]...)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("grpcurl %s: %v\n%s", strings.Join(args[1:], " "), err, out)
			}
		})
	}
	// docs/daemon.md must keep showing these; a recipe that goes away or
	// stops parsing fails here.
	for _, want := range []string{"list", "grpc.health.v1.Health/Check", "sudoku.v1.SudokuService/Solve", "sudoku.v1.SudokuService/SolveSteps"} {
		if !slices.Contains(ran, want) {
			t.Errorf("no grpcurl recipe of %s ran; recipes %q", want, grpcurls)
		}
	}

	if len(curls) == 0 {
		t.Fatal("no curl recipe in docs/daemon.md's section on the HTTP port")
	}
	for _, r := range curls {
		args := expand(t, r, map[string]string{"localhost:8080": webAddr})
		if err := curlCall(args[1:]); err != nil {
			t.Errorf("%s: %v", r, err)
		}
	}
}

// section returns the text of a markdown file's section under heading, up to the
// next heading of its level.
func section(t *testing.T, readme, heading string) string {
	t.Helper()
	_, rest, ok := strings.Cut(readme, "\n"+heading+"\n")
	if !ok {
		t.Fatalf("no section %q", heading)
	}
	if i := strings.Index(rest, "\n## "); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// recipes returns the commands of program in the sh code blocks of text,
// continuation lines joined.
func recipes(t *testing.T, text, program string) []string {
	t.Helper()
	var out []string
	for _, block := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(text, -1) {
		joined := strings.ReplaceAll(block[1], "\\\n", " ")
		for _, line := range strings.Split(joined, "\n") {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, program+" ") {
				out = append(out, line)
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %s recipe found", program)
	}
	return out
}

// expand splits a recipe into words as sh does for the quoting the
// recipes use ('…', "…" and $TOKEN, the README's token variable), with
// the README's addresses replaced by the test's.
func expand(t *testing.T, recipe string, addrs map[string]string) []string {
	t.Helper()
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(recipe); i++ {
		c := recipe[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
			continue
		case c == '\'':
			j := strings.IndexByte(recipe[i+1:], '\'')
			if j < 0 {
				t.Fatalf("unterminated ' in %s", recipe)
			}
			w.WriteString(recipe[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			j := strings.IndexByte(recipe[i+1:], '"')
			if j < 0 {
				t.Fatalf("unterminated \" in %s", recipe)
			}
			w.WriteString(expandVars(t, recipe[i+1:i+1+j]))
			i += j + 1
		case c == '#' && !inWord:
			i = len(recipe) // a comment
			continue
		default:
			j := strings.IndexAny(recipe[i:], " \t'\"")
			if j < 0 {
				j = len(recipe) - i
			}
			w.WriteString(expandVars(t, recipe[i:i+j]))
			i += j - 1
		}
		inWord = true
	}
	if inWord {
		words = append(words, w.String())
	}
	for i := range words {
		for from, to := range addrs {
			if words[i] == from || strings.HasPrefix(words[i], from+"/") {
				words[i] = to + strings.TrimPrefix(words[i], from)
			}
		}
	}
	return words
}

// expandVars replaces $TOKEN; any other variable is a recipe the test
// does not know how to run.
func expandVars(t *testing.T, s string) string {
	t.Helper()
	s = strings.ReplaceAll(s, "$TOKEN", readmeToken)
	if strings.Contains(s, "$") {
		t.Fatalf("recipe word %q has a variable the test does not set", s)
	}
	return s
}

// grpcurlCall makes the calls of grpcurl with args (the flags the recipes
// use: -plaintext, -H, -d), as grpcurl makes them: the method's schema
// from server reflection, with the headers, then the call, unary or
// server-streaming. It returns "list" or the method called.
func grpcurlCall(ctx context.Context, conn *grpc.ClientConn, args []string) (string, error) {
	md := metadata.MD{}
	data := ""
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "-plaintext":
			args = args[1:]
		case "-H":
			k, v, ok := strings.Cut(args[1], ":")
			if !ok {
				return "", fmt.Errorf("header %q has no colon", args[1])
			}
			md.Append(strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v))
			args = args[2:]
		case "-d":
			data = args[1]
			args = args[2:]
		default:
			return "", fmt.Errorf("grpcurl flag %s: the test does not know it; teach grpcurlCall", args[0])
		}
	}
	if len(args) != 2 {
		return "", fmt.Errorf("want an address and a command after the flags, got %q", args)
	}
	ctx = metadata.NewOutgoingContext(ctx, md)
	refl, err := reflectionpb.NewServerReflectionClient(conn).ServerReflectionInfo(ctx)
	if err != nil {
		return "", fmt.Errorf("reflection: %w", err)
	}
	defer refl.CloseSend()
	if args[1] == "list" {
		resp, err := reflect(refl, &reflectionpb.ServerReflectionRequest{MessageRequest: &reflectionpb.ServerReflectionRequest_ListServices{}})
		if err != nil {
			return "", err
		}
		var names []string
		for _, s := range resp.GetListServicesResponse().GetService() {
			names = append(names, s.GetName())
		}
		for _, want := range []string{"sudoku.v1.SudokuService", "grpc.health.v1.Health"} {
			if !slices.Contains(names, want) {
				return "", fmt.Errorf("list: services %q, want %s among them", names, want)
			}
		}
		return "list", nil
	}
	method, err := methodOf(refl, args[1])
	if err != nil {
		return "", err
	}
	in := dynamicpb.NewMessage(method.Input())
	if err := protojson.Unmarshal([]byte(cmp.Or(data, "{}")), in); err != nil {
		return "", fmt.Errorf("-d: %w", err)
	}
	full := "/" + args[1]
	var outs []*dynamicpb.Message
	if method.IsStreamingServer() {
		stream, err := conn.NewStream(ctx, &grpc.StreamDesc{ServerStreams: true}, full)
		if err != nil {
			return "", err
		}
		if err := stream.SendMsg(in); err != nil {
			return "", err
		}
		if err := stream.CloseSend(); err != nil {
			return "", err
		}
		for {
			out := dynamicpb.NewMessage(method.Output())
			if err := stream.RecvMsg(out); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				return "", fmt.Errorf("%s: %w", args[1], err)
			}
			outs = append(outs, out)
		}
	} else {
		out := dynamicpb.NewMessage(method.Output())
		if err := conn.Invoke(ctx, full, in, out); err != nil {
			return "", fmt.Errorf("%s: %w", args[1], err)
		}
		outs = append(outs, out)
	}
	return args[1], checkAnswer(args[1], outs)
}

// checkAnswer checks the answer of a recipe's call, as JSON.
func checkAnswer(method string, outs []*dynamicpb.Message) error {
	if len(outs) == 0 {
		return fmt.Errorf("%s: no answer", method)
	}
	last, err := protojson.Marshal(outs[len(outs)-1])
	if err != nil {
		return err
	}
	want := map[string]string{
		"grpc.health.v1.Health/Check":        `"status":"SERVING"`,
		"sudoku.v1.SudokuService/Solve":      `"status":"SOLVE_STATUS_SOLVED"`,
		"sudoku.v1.SudokuService/SolveSteps": `"status":"SOLVE_STATUS_SOLVED"`,
	}[method]
	if compact := strings.ReplaceAll(string(last), " ", ""); !strings.Contains(compact, want) {
		return fmt.Errorf("%s answered %s, want %s in it", method, last, want)
	}
	return nil
}

// reflect sends one reflection request and returns its answer.
func reflect(refl reflectionpb.ServerReflection_ServerReflectionInfoClient, req *reflectionpb.ServerReflectionRequest) (*reflectionpb.ServerReflectionResponse, error) {
	if err := refl.Send(req); err != nil {
		return nil, fmt.Errorf("reflection: %w", err)
	}
	resp, err := refl.Recv()
	if err != nil {
		return nil, fmt.Errorf("reflection: %w", err)
	}
	if e := resp.GetErrorResponse(); e != nil {
		return nil, fmt.Errorf("reflection: %s", e.GetErrorMessage())
	}
	return resp, nil
}

// methodOf returns the descriptor of "package.Service/Method" from the
// server's reflection.
func methodOf(refl reflectionpb.ServerReflection_ServerReflectionInfoClient, name string) (protoreflect.MethodDescriptor, error) {
	service, method, ok := strings.Cut(name, "/")
	if !ok {
		return nil, fmt.Errorf("method %q is not service/method", name)
	}
	resp, err := reflect(refl, &reflectionpb.ServerReflectionRequest{
		MessageRequest: &reflectionpb.ServerReflectionRequest_FileContainingSymbol{FileContainingSymbol: service},
	})
	if err != nil {
		return nil, err
	}
	set := &descriptorpb.FileDescriptorSet{}
	for _, b := range resp.GetFileDescriptorResponse().GetFileDescriptorProto() {
		fd := &descriptorpb.FileDescriptorProto{}
		if err := proto.Unmarshal(b, fd); err != nil {
			return nil, fmt.Errorf("reflection's file descriptor: %w", err)
		}
		set.File = append(set.File, fd)
	}
	files, err := protodesc.NewFiles(set)
	if err != nil {
		return nil, fmt.Errorf("reflection's file descriptors: %w", err)
	}
	d, err := files.FindDescriptorByName(protoreflect.FullName(service))
	if err != nil {
		return nil, fmt.Errorf("service %s: %w", service, err)
	}
	sd, ok := d.(protoreflect.ServiceDescriptor)
	if !ok {
		return nil, fmt.Errorf("%s is not a service", service)
	}
	md := sd.Methods().ByName(protoreflect.Name(method))
	if md == nil {
		return nil, fmt.Errorf("service %s has no method %s", service, method)
	}
	return md, nil
}

// curlCall makes the call of curl with args (-H and -d, as the recipe
// uses them, and the URL) and checks that it solved the puzzle.
func curlCall(args []string) error {
	header := http.Header{}
	var body string
	for len(args) > 1 {
		switch args[0] {
		case "-H":
			k, v, ok := strings.Cut(args[1], ":")
			if !ok {
				return fmt.Errorf("header %q has no colon", args[1])
			}
			header.Add(strings.TrimSpace(k), strings.TrimSpace(v))
		case "-d":
			body = args[1]
		default:
			return fmt.Errorf("curl flag %s: the test does not know it; teach curlCall", args[0])
		}
		args = args[2:]
	}
	if len(args) != 1 {
		return fmt.Errorf("want one URL after the flags, got %q", args)
	}
	req, err := http.NewRequest(http.MethodPost, "http://"+args[0], strings.NewReader(body)) // curl -d posts
	if err != nil {
		return err
	}
	req.Header = header
	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !bytes.Contains(out, []byte(`"SOLVE_STATUS_SOLVED"`)) {
		return fmt.Errorf("status %s, body %.300s; want 200 and a solved result", resp.Status, out)
	}
	return nil
}
