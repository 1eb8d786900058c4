"""Replays PHH files in pokerkit and compares its final stacks with the file's finishing_stacks.

    PYTHONPATH=/path/to/pokerkit python3 tests/conformance/pokerkit_check.py FILE...

Not part of the test suite (it needs pokerkit, pure Python: a checkout on PYTHONPATH is enough).
When the file has `winnings`, they are compared too (pokerkit's: the chips pushed to each
player from the pots). The hand's own cut is applied when the file records one: `_cuts` (one per pot paid, main pot
first, in pokerkit's pot order after hand killing) with `_pot_amounts` (those pots' amounts),
as this project's toPhh writes them (see recorded_rake).
Prints one JSON line per hand that differs (or fails) and a summary line; exit code 1 when any
hand differs.
"""

import json
import sys
import tomllib

from pokerkit import HandHistory


def recorded_rake(fields):
    """pokerkit's rake function for the file's recorded cut (`_cuts` with `_pot_amounts`).

    pokerkit asks its rake function about every pot whenever it lists the pots; the pots it pays
    are listed once, when the chips pushing begins (the street index is then None). While it
    merges neighbouring pots it also asks about the partial sums (and drops the answers); within
    one pot those sums grow, so the pot paid is the call whose amount is the recorded one, taken
    in order. A hand won without a showdown has one pot; pokerkit leaves the winner's own bets of
    the last round out of it (it pulls them back as they are), so that pot is smaller than the
    recorded one, but its cut is the recorded cut.
    """
    cuts = fields.get('_cuts')
    amounts = fields.get('_pot_amounts')

    if cuts is None:
        return None

    if amounts is None or len(amounts) != len(cuts):
        raise ValueError('_cuts needs _pot_amounts, one per cut')

    paid = []

    def rake(amount, state=None):
        if state is None or state.street_index is not None:
            return 0, amount

        if state.folded_status:
            cut = min(cuts[0], amount) if len(cuts) == 1 else 0

            return cut, amount - cut

        if len(paid) == len(cuts):
            paid.clear()

        k = len(paid)

        if amount != amounts[k]:
            return 0, amount

        paid.append(amount)

        return cuts[k], amount - cuts[k]

    return rake


def check(path):
    with open(path, 'rb') as f:
        fields = tomllib.load(f)

    rake = recorded_rake(fields)
    kwargs = {} if rake is None else {'rake': rake}

    with open(path, 'rb') as f:
        hh = HandHistory.load(f, **kwargs)

    state = None

    for state in hh:
        pass

    got = list(state.stacks)
    want = fields.get('finishing_stacks')
    winnings = [0] * len(got)

    for operation in state.operations:
        if type(operation).__name__ == 'ChipsPushing':
            for i, amount in enumerate(operation.amounts):
                winnings[i] += amount

    # pokerkit pushes only the pots to the winner of an uncontested hand (the last round's bets
    # are pulled back as they are), so its pushes are the winnings only after a showdown.
    if 'winnings' in fields and not state.folded_status:
        got = {'finishing_stacks': got, 'winnings': winnings}
        want = {'finishing_stacks': want, 'winnings': fields['winnings']}

    return got, want


def main(paths):
    differ = 0

    for path in paths:
        try:
            got, want = check(path)
        except Exception as e:  # noqa: BLE001 - a line per failing file
            differ += 1
            print(json.dumps({'file': path, 'error': f'{type(e).__name__}: {e}'}))
            continue

        if got != want:
            differ += 1
            print(json.dumps({'file': path, 'pokerkit': got, 'recorded': want}))

    print(json.dumps({'checked': len(paths), 'differ': differ}))

    return 1 if differ else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
