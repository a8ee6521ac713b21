// Command my-infra runs the Pulumi program of this folder's project with the Automation API.
// The program runs in this process (an inline program), so the Pulumi CLI needs no Go
// language host; it drives the `pulumi` on PATH, with the project's Pulumi.yaml, backend and
// stack config.
//
// Usage: go run . up|preview|refresh|destroy [flags]
//
//	--cwd DIR            the project's folder (default: the current one)
//	--stack NAME         the stack (default: the selected one); made when missing
//	--expect-no-changes  fail if up, preview or refresh finds a change
//	--json               print one JSON object on stdout: the operation, its result, the
//	                     changes by kind, the changed fields of each updated resource and the
//	                     outputs (secret ones as "[secret]")
//
// The engine's progress goes to stderr; the exit code is 0 on success, 1 on failure.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
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
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// program declares the resources. With the official Pulumi CLI it is the whole program:
// `func main() { pulumi.Run(program) }`, run by `pulumi up`.
func program(ctx *pulumi.Context) error {
	// The rule's limit in requests a minute: the stack config key requestCount, 20 if unset.
	requestCount := 20
	if n, err := config.TryInt(ctx, "requestCount"); err == nil {
		requestCount = n
	}

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

	// An explicit provider (here the same account, from the stack config) for a DNS record
	// in DNS zone 1.
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

// summary is what --json prints.
type summary struct {
	Op      string                 `json:"op"`
	Result  string                 `json:"result"`
	Changes map[string]int         `json:"changes"`
	Diffs   map[string][]string    `json:"diffs"`
	Outputs map[string]interface{} `json:"outputs"`
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "my-infra: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	ops := "up, preview, refresh or destroy"
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return fmt.Errorf("usage: go run . OPERATION [flags], the operation one of %s", ops)
	}
	op := args[0]
	if !strings.Contains(" up preview refresh destroy ", " "+op+" ") {
		return fmt.Errorf("unknown operation %q: one of %s", op, ops)
	}
	flags := flag.NewFlagSet(op, flag.ContinueOnError)
	cwd := flags.String("cwd", ".", "the project's folder")
	stackName := flags.String("stack", "", "the stack (default: the selected one)")
	expectNoChanges := flags.Bool("expect-no-changes", false, "fail if the operation finds a change")
	asJSON := flags.Bool("json", false, "print the result as one JSON object")
	if err := flags.Parse(args[1:]); err != nil {
		return err
	}
	if _, err := workspace.LoadProject(filepath.Join(*cwd, "Pulumi.yaml")); err != nil {
		return fmt.Errorf("no Pulumi project in %s: %w", *cwd, err)
	}

	ctx := context.Background()
	ws, err := auto.NewLocalWorkspace(ctx, auto.WorkDir(*cwd), auto.Program(program))
	if err != nil {
		return err
	}
	if *stackName == "" {
		selected, err := ws.Stack(ctx)
		if err != nil {
			return err
		}
		if selected == nil {
			return errors.New("no stack selected: pass --stack NAME")
		}
		*stackName = selected.Name
	}
	stack, err := auto.UpsertStack(ctx, *stackName, ws)
	if err != nil {
		return err
	}

	out := summary{Op: op, Result: "succeeded", Diffs: map[string][]string{}}
	ch := make(chan events.EngineEvent)
	done := make(chan struct{})
	go collectDiffs(ch, out.Diffs, done)
	switch op {
	case "up":
		opts := []optup.Option{optup.ProgressStreams(os.Stderr), optup.EventStreams(ch)}
		if *expectNoChanges {
			opts = append(opts, optup.ExpectNoChanges())
		}
		r, err := stack.Up(ctx, opts...)
		if err != nil {
			return err
		}
		out.Result, out.Changes = r.Summary.Result, counts(r.Summary.ResourceChanges)
		out.Outputs = map[string]interface{}{}
		for k, v := range r.Outputs {
			out.Outputs[k] = v.Value
			if v.Secret {
				out.Outputs[k] = "[secret]"
			}
		}
	case "preview":
		opts := []optpreview.Option{optpreview.ProgressStreams(os.Stderr), optpreview.EventStreams(ch)}
		if *expectNoChanges {
			opts = append(opts, optpreview.ExpectNoChanges())
		}
		r, err := stack.Preview(ctx, opts...)
		if err != nil {
			return err
		}
		out.Changes = map[string]int{}
		for k, v := range r.ChangeSummary {
			out.Changes[string(k)] = v
		}
	case "refresh":
		opts := []optrefresh.Option{optrefresh.ProgressStreams(os.Stderr), optrefresh.EventStreams(ch)}
		if *expectNoChanges {
			opts = append(opts, optrefresh.ExpectNoChanges())
		}
		r, err := stack.Refresh(ctx, opts...)
		if err != nil {
			return err
		}
		out.Result, out.Changes = r.Summary.Result, counts(r.Summary.ResourceChanges)
	case "destroy":
		r, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr), optdestroy.EventStreams(ch))
		if err != nil {
			return err
		}
		out.Result, out.Changes = r.Summary.Result, counts(r.Summary.ResourceChanges)
	}
	<-done

	if *asJSON {
		return json.NewEncoder(os.Stdout).Encode(out)
	}
	fmt.Printf("%s: %s\n", op, out.Result)
	keys := []string{}
	for k := range out.Outputs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("  %s: %v\n", k, out.Outputs[k])
	}
	return nil
}

// collectDiffs gathers, from the engine's events, the changed fields of each resource the
// operation updates, by resource name.
func collectDiffs(ch <-chan events.EngineEvent, diffs map[string][]string, done chan<- struct{}) {
	for e := range ch {
		if e.ResourcePreEvent == nil || e.ResourcePreEvent.Metadata.Op != "update" {
			continue
		}
		m := e.ResourcePreEvent.Metadata
		fields := []string{}
		for k := range m.DetailedDiff {
			fields = append(fields, k)
		}
		sort.Strings(fields)
		diffs[m.URN[strings.LastIndex(m.URN, "::")+2:]] = fields
	}
	close(done)
}

// counts is a summary's resource changes by kind (none when the engine gives none).
func counts(changes *map[string]int) map[string]int {
	if changes == nil {
		return map[string]int{}
	}
	return *changes
}
