// Command ranktrain learns the ranking model Search uses (kb/ranker.json)
// from the evaluation's training split, over the full index.
//
//	go run ./kb/internal/ranktrain            # train, cross-validate, write kb/ranker.json
//	go run ./kb/internal/ranktrain -n         # train and report, write nothing
//	go run ./kb/internal/ranktrain -where     # where the dev rows' answers rank now
//	go run ./kb/internal/ranktrain -misses    # the dev rows the embedded model misses
//	go run ./kb/internal/ranktrain -where -on train  # the same for the training rows
//	go run ./kb/internal/ranktrain -abstention-only  # fit the decision to answer again, keep the weights
//
// The rows it learns from are those of kb/testdata/eval/sampled/train.yaml
// and the rows of the older sets whose split is train; no row that touches
// the test split is read. The dev split (sampled/dev.yaml and the older
// rows whose split is dev) chooses the regularization and is reported.
//
// The method has two stages, both on a linear model in log space (each
// text's score is exp(w·x), x its features, see kb.Features). First a
// listwise fit (ListNet with one relevant group, Cao et al., 2007): the
// weights that maximize the softmax likelihood of the answering texts
// among each question's candidates, by Adam; the objective is convex, its
// L2 penalty chosen on dev. Then coordinate ascent (Metzler and Croft,
// 2007) from those weights: each weight in turn is moved by the step that
// most improves the objective users see (the mean of recall@1 and the
// reciprocal rank within the first five, after the hits are settled as
// Search settles them), less an L2 penalty toward the listwise weights,
// until no step improves it. Then the decision to answer, a logistic
// regression of "the question has an answer" on what the first hit
// shows (its score, the share of the question it covers, its margin over
// the second, whether it is a named card's text, the part of the question
// beside its cards it covers, how much of the question that part is when
// it covers none of it, whether the card is named surely, whether the
// question names any card, topic or rule at all), is fitted on
// the same rows, and its threshold chosen so that at most 1% of the
// written answerable training rows go unanswered (-quiet); -abstain=false
// records the threshold without using it, and -abstention-only fits the
// decision again on the embedded model's weights. The weights of
// unofficial texts, articles and machine translations are kept at most 0
// in both stages. Rows generated from the answer side (generate.go) join
// the written ones. K-fold cross-validation by group over the training
// rows (-folds) reports how well the weights generalize. Once dev has
// chosen the penalties and been measured, the weights and the decision to
// answer are fitted again on train and dev together (-refit); the file's
// dev figures are those of the model fitted on train alone. Everything is
// deterministic: the same data gives the same file.
//
// -trees N adds LambdaMART (lambdamart.go): up to N regression trees fitted
// on the linear model's scores, dev choosing their depth (-depths) and how
// many to keep. It is off by default: on the sampled dev split, trees of
// depth 2 or 3 moved the objective from 0.822 to at most 0.826 before it
// fell as more were fitted, a gain within noise, so the shipped model
// stays linear.
package main
