package main

import zapscript "github.com/ZaparooProject/go-zapscript"

type parseInput struct {
	Script string `json:"script"`
}

type parsedCommand struct {
	Name    string            `json:"name"`
	Args    []string          `json:"args"`
	AdvArgs map[string]string `json:"advArgs"`
}

type parseAnswer struct {
	Cmds   []parsedCommand        `json:"cmds"`
	Traits map[string]interface{} `json:"traits,omitempty"`
}

func parseLine(line []byte) interface{} {
	var in parseInput
	if bad := decode(line, &in); bad != nil {
		return bad
	}
	script, err := zapscript.NewParser(in.Script).ParseScript()
	if err != nil {
		return errorAnswer{Error: err.Error()}
	}
	answer := parseAnswer{Cmds: make([]parsedCommand, 0, len(script.Cmds)), Traits: script.Traits}
	for _, c := range script.Cmds {
		adv := c.AdvArgs.Raw()
		if adv == nil {
			adv = map[string]string{}
		}
		args := c.Args
		if args == nil {
			args = []string{}
		}
		answer.Cmds = append(answer.Cmds, parsedCommand{Name: c.Name, Args: args, AdvArgs: adv})
	}
	return answer
}
