// Command sdkgen-dotnet writes the C# SDK of the edgeplatform provider from its package schema
// with the C# code generator of github.com/pulumi/pulumi/pkg/v3 v3.206.0 (the last line of
// pkg/v3 that has codegen/dotnet in it; scripts/sdkgen is on the current one).
//
//	sdkgen-dotnet -schema schema.json -out DIR
//
// writes DIR/dotnet/... (scripts/sdk.js runs it; see docs/sdks.md).
//
// The generator downloads the schema's logoUrl for the NuGet package's icon. Here no request
// leaves the process: the HTTP transport answers the logoUrl with the icon this program draws
// (a 64×64 PNG, the same bytes every run) and refuses every other address.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"

	"github.com/blang/semver"
	dotnetgen "github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool is the generator's name in the generated files' headers.
const tool = "edgeplatform-sdkgen"

// offlineLoader loads no package: the schema references no other package.
type offlineLoader struct{}

func refuse(name string) error {
	return fmt.Errorf("the schema references package %q: sdkgen-dotnet loads no other package (offline)", name)
}

func (offlineLoader) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, refuse(pkg)
}

func (offlineLoader) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, refuse(d.Name)
}

// icon is the package icon: a 64×64 square of the project's colour.
func icon() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			img.Set(x, y, color.NRGBA{R: 0x1f, G: 0x6f, B: 0xeb, A: 0xff})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// offlineTransport answers GET logoURL with the icon and refuses every other request.
type offlineTransport struct{ logoURL string }

func (t offlineTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method != http.MethodGet || req.URL.String() != t.logoURL {
		return nil, fmt.Errorf("sdkgen-dotnet makes no network request (%s %s)", req.Method, req.URL)
	}
	body := icon()
	return &http.Response{
		StatusCode:    http.StatusOK,
		Status:        "200 OK",
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        http.Header{"Content-Type": []string{"image/png"}},
		Body:          io.NopCloser(bytes.NewReader(body)),
		ContentLength: int64(len(body)),
		Request:       req,
	}, nil
}

func run() error {
	schemaFile := flag.String("schema", "", "the package schema (JSON)")
	out := flag.String("out", "", "the directory dotnet/ is written under")
	flag.Parse()
	if *schemaFile == "" || *out == "" {
		return fmt.Errorf("usage: sdkgen-dotnet -schema schema.json -out DIR")
	}
	data, err := os.ReadFile(*schemaFile)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return fmt.Errorf("%s: %w", *schemaFile, err)
	}
	if spec.LogoURL == "" {
		return fmt.Errorf("%s: logoUrl is not set (the C# generator would download a default logo)", *schemaFile)
	}
	http.DefaultTransport = offlineTransport{logoURL: spec.LogoURL}
	http.DefaultClient = &http.Client{Transport: http.DefaultTransport}
	pkg, diags, err := schema.BindSpec(spec, offlineLoader{}, schema.ValidationOptions{})
	if err != nil {
		return fmt.Errorf("%s: %w", *schemaFile, err)
	}
	if diags.HasErrors() {
		return fmt.Errorf("%s: %s", *schemaFile, diags.Error())
	}
	files, err := dotnetgen.GeneratePackage(tool, pkg, nil, nil)
	if err != nil {
		return fmt.Errorf("dotnet: %w", err)
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(*out, "dotnet", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("sdkgen-dotnet: dotnet: %d file(s)\n", len(files))
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen-dotnet: %v\n", err)
		os.Exit(1)
	}
}
