"""Replays this project's PHH files of every game in pokerkit, checking each rule on the way.

    PYTHONPATH=/path/to/pokerkit python3 tests/conformance/pokerkit_games_check.py FILE...

Not part of the test suite (pokerkit is pure Python: a checkout on PYTHONPATH is enough). For each
file, pokerkit's own reader (HandHistory.load) builds the game and the starting state; the actions
are then applied one by one with pokerkit's parse_action, and before each betting action the legal
options the file records (`_legal`, our engine's) are compared with pokerkit's: the amount to call
and the complete/bet/raise-to range. At the end the finishing stacks and winnings are compared.

Variant codes the PHH standard lacks are registered with pokerkit's reader first (pokerkit_games.py:
pokerkit's own classes with this project's numbers of hole cards or structure). A run-out choice,
which PHH cannot write, is this project's `pN rc COUNT`: applied with pokerkit's
select_runout_count (the reader's runout automation is off, so a choice nobody wrote is pokerkit's
"no preference"). The cut is applied as in pokerkit_check.py (`_cuts` with `_pot_amounts`).
"""

import json
import sys
import tomllib
from os.path import dirname

sys.path.insert(0, dirname(__file__))

from pokerkit import Automation, HandHistory  # noqa: E402
from pokerkit.notation import parse_action  # noqa: E402

import pokerkit_games  # noqa: E402,F401  (registers the codes)
from pokerkit_check import recorded_rake  # noqa: E402

AUTOMATIONS = tuple(a for a in HandHistory.automations if a != Automation.RUNOUT_COUNT_SELECTION)


def pokerkit_legal(state):
    """The options in the files' notation: "cc=25 cbr=[75,86]"."""
    out = f'cc={state.checking_or_calling_amount}'

    if state.can_complete_bet_or_raise_to():
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        out += f' cbr=[{low},{high}]'

    return out


def ours_legal(text):
    """Our _legal entry without the actor and the fold flag (pokerkit's cash games allow any fold)."""
    return ' '.join(word for word in text.split()[1:] if word != 'f')


def settle_rest(state):
    while state.status:
        if state.can_select_runout_count():
            state.select_runout_count()
        elif state.can_burn_card():
            state.burn_card('??')
        else:
            break


def check(path):
    with open(path, 'rb') as f:
        fields = tomllib.load(f)

    rake = recorded_rake(fields)
    kwargs = {'automations': AUTOMATIONS}

    if rake is not None:
        kwargs['rake'] = rake

    with open(path, 'rb') as f:
        hh = HandHistory.load(f, **kwargs)

    state = hh.create_state()
    legal = list(fields.get('_legal', []))
    problems = []

    for index, action in enumerate(hh.actions):
        words = action.split()

        # A choice the file does not write is pokerkit's "no preference" (one run-out).
        if words[1] not in ('rc', 'sm'):
            while state.can_select_runout_count():
                state.select_runout_count()

        if words[0] == 'd' and words[1] == 'db' and state.can_burn_card():
            state.burn_card('??')

        if words[0] != 'd' and words[1] in ('f', 'cc', 'cbr') and index < len(legal):
            want = ours_legal(legal[index])
            got = pokerkit_legal(state)

            if want != got:
                problems.append(f'before "{action}": ours {want}, pokerkit {got}')

        if words[0] != 'd' and words[1] == 'rc':
            # pokerkit 0.7.4's select_runout_count verifies its player_index argument as the
            # count, so it is called without one: it then applies to the first player still to
            # choose, who must be the file's.
            first = next(state.runout_count_selector_indices, None)

            if first != int(words[0][1:]) - 1:
                problems.append(f'"{action}": pokerkit expects p{first} to choose first')

            state.select_runout_count(int(words[2]))
        else:
            parse_action(state, action, hh.parse_value)

    settle_rest(state)
    winnings = [0] * len(state.stacks)

    for operation in state.operations:
        if type(operation).__name__ == 'ChipsPushing':
            for i, amount in enumerate(operation.amounts):
                winnings[i] += amount

    got = {'finishing_stacks': list(state.stacks)}
    want = {'finishing_stacks': fields.get('finishing_stacks')}

    if 'winnings' in fields and not state.folded_status:
        got['winnings'] = winnings
        want['winnings'] = fields['winnings']

    if got != want:
        problems.append(f'pokerkit {got}, recorded {want}')

    return problems


def main(paths):
    differ = 0

    for path in paths:
        try:
            problems = check(path)
        except Exception as e:  # noqa: BLE001 - a line per failing file
            problems = [f'{type(e).__name__}: {e}']

        if problems:
            differ += 1
            print(json.dumps({'file': path, 'problems': problems}))

    print(json.dumps({'checked': len(paths), 'differ': differ}))

    return 1 if differ else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
