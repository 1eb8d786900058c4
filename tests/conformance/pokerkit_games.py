"""Registers with pokerkit's PHH reader the variant codes of this project's games that the PHH
standard does not define, built from pokerkit's own classes (docs/engine.md, "Games"):

- PT: pot-limit Texas hold'em (pokerkit's hold'em with PotLimitPokerMixin);
- PO5, PO6: pot-limit Omaha with 5 and 6 hole cards (PotLimitOmahaHoldem, more hole cards);
- PO/8, PO5/8: pot-limit Omaha hi-lo eight or better with 4 and 5 hole cards;
- FO5/8: fixed-limit Omaha hi-lo eight or better with 5 hole cards.

pokerkit 0.7.4's own FO/8 class (FixedLimitOmahaHoldemHighLowSplitEightOrBetter) lists
PotLimitPokerMixin first, so it bets pot-limit with the small and big bets as minimums; every
fixed-limit betting line is legal there too, so our FO/8 hands replay to the same stacks, but its
legal options differ. FO/8 is therefore checked against FixedLimitOmahaHiLo below (the same class
with FixedLimitPokerMixin first, as pokerkit's FixedLimitTexasHoldem), and FO5/8 likewise.
Importing this module is the whole registration.
"""

from pokerkit import HandHistory
from pokerkit.games import (
    FixedLimitPokerMixin,
    Holdem,
    NoLimitTexasHoldem,
    OmahaHoldemMixin,
    PotLimitOmahaHoldem,
    PotLimitPokerMixin,
    TexasHoldemMixin,
    UnfixedLimitHoldem,
)
from pokerkit.hands import OmahaEightOrBetterLowHand, OmahaHoldemHand


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    create_state = NoLimitTexasHoldem.create_state


class PotLimitFiveCardOmahaHoldem(PotLimitOmahaHoldem):
    hole_dealing_count = 5


class PotLimitSixCardOmahaHoldem(PotLimitOmahaHoldem):
    hole_dealing_count = 6


class PotLimitOmahaHiLo(PotLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


class PotLimitFiveCardOmahaHiLo(PotLimitOmahaHiLo):
    hole_dealing_count = 5


class FixedLimitOmahaHiLo(FixedLimitPokerMixin, OmahaHoldemMixin, Holdem):
    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


class FixedLimitFiveCardOmahaHiLo(FixedLimitOmahaHiLo):
    hole_dealing_count = 5


UNFIXED = ('variant', 'antes', 'blinds_or_straddles', 'min_bet', 'starting_stacks', 'actions')
FIXED = ('variant', 'antes', 'blinds_or_straddles', 'small_bet', 'big_bet', 'starting_stacks', 'actions')

for code, game, names in (
    ('PT', PotLimitTexasHoldem, UNFIXED),
    ('PO5', PotLimitFiveCardOmahaHoldem, UNFIXED),
    ('PO6', PotLimitSixCardOmahaHoldem, UNFIXED),
    ('PO/8', PotLimitOmahaHiLo, UNFIXED),
    ('PO5/8', PotLimitFiveCardOmahaHiLo, UNFIXED),
    ('FO/8', FixedLimitOmahaHiLo, FIXED),
    ('FO5/8', FixedLimitFiveCardOmahaHiLo, FIXED),
):
    HandHistory.game_types[code] = game
    HandHistory.variants[game] = code
    HandHistory.required_field_names[code] = names
