// Command sdkgen writes the Go and Python SDKs of the edgeplatform provider from its package
// schema (packages/pulumi/dist/plugin/schema.json) with the code generators of
// github.com/pulumi/pulumi/pkg/v3, the ones `pulumi package gen-sdk` runs, without the
// language plugins that command needs and without the network.
//
//	sdkgen -schema schema.json -out DIR [-lang go,python]
//
// writes DIR/go/... and DIR/python/... (scripts/sdk.js runs it; see docs/sdks.md). Every file
// of a language directory is written; nothing else is removed.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool is the generator's name in the generated files' headers.
const tool = "edgeplatform-sdkgen"

// offlineLoader loads no package: the schema references no other package, and a generator
// that asked for one would otherwise start a plugin or download one.
type offlineLoader struct{}

func refuse(name string) error {
	return fmt.Errorf("the schema references package %q: sdkgen loads no other package (offline)", name)
}

func (offlineLoader) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, refuse(pkg)
}

func (offlineLoader) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, refuse(d.Name)
}

func (offlineLoader) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, refuse(pkg)
}

func (offlineLoader) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, refuse(d.Name)
}

// bind reads and validates the schema (BindSpec: the metaschema and every reference).
func bind(file string) (*schema.Package, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	pkg, diags, err := schema.BindSpec(spec, offlineLoader{}, schema.ValidationOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: %s", file, diags.Error())
	}
	return pkg, nil
}

// generate runs one language's generator.
func generate(lang string, pkg *schema.Package) (map[string][]byte, error) {
	switch lang {
	case "go":
		return gogen.GeneratePackage(tool, pkg, nil)
	case "python":
		return pygen.GeneratePackage(tool, pkg, nil, offlineLoader{})
	}
	return nil, fmt.Errorf("-lang: %q is not a language of this generator (go, python)", lang)
}

// write puts the files under dir, creating directories as needed.
func write(dir string, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		out := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(out, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

func run() error {
	schemaFile := flag.String("schema", "", "the package schema (JSON)")
	out := flag.String("out", "", "the directory the language directories are written under")
	langs := flag.String("lang", "go,python", "the languages, comma-separated (go, python)")
	flag.Parse()
	if *schemaFile == "" || *out == "" {
		return fmt.Errorf("usage: sdkgen -schema schema.json -out DIR [-lang go,python]")
	}
	for _, lang := range strings.Split(*langs, ",") {
		// Each language binds its own copy: a generator imports its language section into the
		// package it is given.
		pkg, err := bind(*schemaFile)
		if err != nil {
			return err
		}
		files, err := generate(lang, pkg)
		if err != nil {
			return fmt.Errorf("%s: %w", lang, err)
		}
		if err := write(filepath.Join(*out, lang), files); err != nil {
			return err
		}
		fmt.Printf("sdkgen: %s: %d file(s)\n", lang, len(files))
	}
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen: %v\n", err)
		os.Exit(1)
	}
}
