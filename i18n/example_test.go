package i18n_test

import (
	"fmt"
	"log"

	"arbiter/i18n"
)

func ExamplePrinter_T() {
	cat, err := i18n.Load()
	if err != nil {
		log.Fatal(err)
	}
	for _, lang := range []i18n.Lang{i18n.EN, i18n.FR, i18n.JA} {
		p := cat.Printer(lang)
		fmt.Printf("%s: %s %s\n", lang, p.T(i18n.KeyAnswerFound), p.T(i18n.KeyCountResults, 2))
	}
	fmt.Println(cat.Printer(i18n.FR).T(i18n.KeyCountResults, 0))
	fmt.Println(cat.Printer(i18n.FR).T("common.no_such_key"))
	// Output:
	// en: Here is what the rules say: 2 results
	// fr: Voici ce que disent les règles : 2 résultats
	// ja: ルールでは次のとおりです： 2件
	// 0 résultat
	// !common.no_such_key
}

func ExampleMatch() {
	// A Discord interaction's user locale first, then its guild's.
	fmt.Println(i18n.Match("fr-CA", "en-US"))
	fmt.Println(i18n.Match("pt-BR", "ja"))
	fmt.Println(i18n.Match("es-ES"))
	// Output:
	// fr
	// ja
	// en
}

func ExamplePrinter_Date() {
	cat, err := i18n.Load()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(cat.Printer(i18n.EN).Date("2022-02-18"))
	fmt.Println(cat.Printer(i18n.FR).Date("2022-03-01"))
	fmt.Println(cat.Printer(i18n.JA).Date("2022-02-18"))
	// Output:
	// February 18, 2022
	// 1er mars 2022
	// 2022年2月18日
}

func ExampleCardName() {
	cat, err := i18n.Load()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(i18n.CardName(cat.Printer(i18n.FR), "Teferi's Protection", "Protection de Téfeiri"))
	fmt.Println(i18n.CardName(cat.Printer(i18n.EN), "Teferi's Protection", "Protection de Téfeiri"))
	// Output:
	// Protection de Téfeiri (Teferi's Protection)
	// Teferi's Protection
}

func ExampleNormalizeKey() {
	fmt.Println(i18n.NormalizeKey("ＭＴＧ　総合ルール１２３．４ａ"))
	fmt.Println(i18n.NormalizeKey("ｶｰﾄﾞを引く"))
	fmt.Println(i18n.FoldAccents(i18n.NormalizeKey("Protection de Téfeiri")))
	// Output:
	// mtg 総合ルール123.4a
	// カードを引く
	// protection de tefeiri
}
