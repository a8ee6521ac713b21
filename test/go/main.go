// Command go-e2e is the Go program of test/e2e/go-sdk.e2e.test.ts: a Pulumi program written
// with the Go SDK (sdk/go/edgeplatform), run by the Automation API (an inline program, so no Go
// language host is needed) against the platform given in the environment, with the repository's
// native provider plugin.
//
// Usage: go-e2e up|update|refresh|destroy
//
//	up       creates the resources (the rule's requestCount 20)
//	update   the same program with the rule's requestCount 30 (one field changed)
//	refresh  refresh, failing if it finds any change
//	destroy  deletes what up created and restores the settings
//
// Environment: GO_E2E_DIR (the project's work directory and its file backend, made by the
// caller), GO_E2E_BASE_URL and GO_E2E_API_KEY (the stack config edgeplatform:baseUrl and the
// secret edgeplatform:apiKey), GO_E2E_PLUGIN_DIR (the directory of
// pulumi-resource-edgeplatform), PULUMI_CONFIG_PASSPHRASE; `pulumi` on PATH.
//
// Prints one JSON object on stdout: the step, its result, the resource changes by operation,
// the fields of each updated resource's detailed diff, and the stack's outputs. The engine's
// progress goes to stderr.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/edgeplatform/pulumi-edgeplatform/sdk/go/edgeplatform"
	"github.com/edgeplatform/pulumi-edgeplatform/sdk/go/edgeplatform/dns"
	"github.com/edgeplatform/pulumi-edgeplatform/sdk/go/edgeplatform/shield"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/events"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

const (
	projectName = "edgeplatform-go"
	stackName   = "dev"
)

// program declares the resources; requestCount is the rate-limit rule's one changing field.
func program(requestCount int) pulumi.RunFunc {
	return func(ctx *pulumi.Context) error {
		// A rate-limit rule created in shield zone 1, with the stack config's account.
		rule, err := shield.NewRateLimitRule(ctx, "login", &shield.RateLimitRuleArgs{
			ShieldZoneId: pulumi.Int(1),
			RuleName:     pulumi.String("login-limit"),
			RuleConfiguration: &shield.RateLimitRuleConfigurationArgs{
				ActionType:    shield.RateLimitActionChallenge,
				VariableTypes: pulumi.StringMap{"REQUEST_URI": pulumi.String("/login")},
				OperatorType:  shield.OperatorTypeBEGINSWITH,
				Value:         pulumi.String("/login"),
				RequestCount:  pulumi.Int(requestCount),
				Timeframe:     shield.TimeframePerOneMinute,
				BlockTime:     shield.BlockTimeForFiveMinutes,
			},
		})
		if err != nil {
			return err
		}

		// Bot detection of shield zone 3: one setting managed, restored by destroy.
		bots, err := shield.NewBotDetection(ctx, "bots", &shield.BotDetectionArgs{
			ShieldZoneId: pulumi.Int(3),
			IpAddress: &shield.BotDetectionIpAddressArgs{
				Sensitivity: shield.BotDetectionSensitivityMedium,
			},
		})
		if err != nil {
			return err
		}

		// An explicit provider (the same account, from the stack config) for a DNS record in
		// DNS zone 1.
		cfg := config.New(ctx, "edgeplatform")
		account, err := edgeplatform.NewProvider(ctx, "account", &edgeplatform.ProviderArgs{
			ApiKey:  cfg.RequireSecret("apiKey"),
			BaseUrl: pulumi.String(cfg.Require("baseUrl")),
		})
		if err != nil {
			return err
		}
		record, err := dns.NewDnsRecord(ctx, "www", &dns.DnsRecordArgs{
			ZoneId: pulumi.Int(1),
			Type:   dns.DnsRecordTypeA,
			Name:   pulumi.String("go"),
			Value:  pulumi.String("192.0.2.7"),
			Ttl:    pulumi.Int(300),
		}, pulumi.Provider(account))
		if err != nil {
			return err
		}

		ctx.Export("ruleId", rule.RuleId)
		ctx.Export("requestCount", rule.RuleConfiguration.RequestCount())
		ctx.Export("botSensitivity", bots.IpAddress.Sensitivity())
		ctx.Export("recordId", record.RecordId)
		ctx.Export("recordValue", record.Value)
		return nil
	}
}

// summary is what a step prints on stdout.
type summary struct {
	Step    string                 `json:"step"`
	Result  string                 `json:"result"`
	Changes map[string]int         `json:"changes"`
	Diffs   map[string][]string    `json:"diffs"`
	Outputs map[string]interface{} `json:"outputs"`
}

func env(name string) string {
	v := os.Getenv(name)
	if v == "" {
		fail(fmt.Errorf("the environment variable %s is not set", name))
	}
	return v
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "go-e2e: %v\n", err)
	os.Exit(1)
}

// collect gathers, from the engine's events, the detailed diff's field names of each resource
// the step updates, by resource name.
func collect(ch <-chan events.EngineEvent, diffs map[string][]string, done chan<- struct{}) {
	for e := range ch {
		if e.ResourcePreEvent == nil {
			continue
		}
		m := e.ResourcePreEvent.Metadata
		if m.Op != "update" {
			continue
		}
		keys := []string{}
		for k := range m.DetailedDiff {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		name := m.URN[strings.LastIndex(m.URN, "::")+2:]
		diffs[name] = keys
	}
	close(done)
}

func main() {
	if len(os.Args) != 2 {
		fail(fmt.Errorf("usage: go-e2e up|update|refresh|destroy"))
	}
	step := os.Args[1]
	requestCount := 20
	switch step {
	case "up":
	case "update", "refresh", "destroy":
		requestCount = 30
	default:
		fail(fmt.Errorf("unknown step %q: one of up, update, refresh, destroy", step))
	}
	dir := env("GO_E2E_DIR")
	workDir := filepath.Join(dir, "project")
	stateDir := filepath.Join(dir, "state")
	for _, d := range []string{workDir, stateDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			fail(err)
		}
	}
	ctx := context.Background()
	project := workspace.Project{
		Name:    tokens.PackageName(projectName),
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		Backend: &workspace.ProjectBackend{URL: "file://" + stateDir},
		Plugins: &workspace.Plugins{
			Providers: []workspace.PluginOptions{{Name: "edgeplatform", Path: env("GO_E2E_PLUGIN_DIR")}},
		},
	}
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, projectName, program(requestCount),
		auto.Project(project),
		auto.WorkDir(workDir),
		auto.PulumiHome(filepath.Join(dir, "pulumi-home")),
		auto.SecretsProvider("passphrase"),
		auto.EnvVars(map[string]string{
			"PULUMI_CONFIG_PASSPHRASE":                    env("PULUMI_CONFIG_PASSPHRASE"),
			"PULUMI_SKIP_UPDATE_CHECK":                    "true",
			"PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION": "true",
		}),
	)
	if err != nil {
		fail(err)
	}
	if err := stack.SetConfig(ctx, "edgeplatform:baseUrl", auto.ConfigValue{Value: env("GO_E2E_BASE_URL")}); err != nil {
		fail(err)
	}
	if err := stack.SetConfig(ctx, "edgeplatform:apiKey", auto.ConfigValue{Value: env("GO_E2E_API_KEY"), Secret: true}); err != nil {
		fail(err)
	}

	out := summary{Step: step, Diffs: map[string][]string{}, Outputs: map[string]interface{}{}}
	ch := make(chan events.EngineEvent)
	done := make(chan struct{})
	go collect(ch, out.Diffs, done)
	var changes *map[string]int
	switch step {
	case "up", "update":
		r, err := stack.Up(ctx, optup.ProgressStreams(os.Stderr), optup.EventStreams(ch))
		if err != nil {
			fail(err)
		}
		out.Result, changes = r.Summary.Result, r.Summary.ResourceChanges
		for k, v := range r.Outputs {
			if v.Secret {
				out.Outputs[k] = "[secret]"
			} else {
				out.Outputs[k] = v.Value
			}
		}
	case "refresh":
		r, err := stack.Refresh(ctx, optrefresh.ProgressStreams(os.Stderr), optrefresh.ExpectNoChanges(),
			optrefresh.EventStreams(ch))
		if err != nil {
			fail(err)
		}
		out.Result, changes = r.Summary.Result, r.Summary.ResourceChanges
	case "destroy":
		r, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr), optdestroy.EventStreams(ch))
		if err != nil {
			fail(err)
		}
		out.Result, changes = r.Summary.Result, r.Summary.ResourceChanges
	}
	<-done
	if changes != nil {
		out.Changes = *changes
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fail(err)
	}
}
